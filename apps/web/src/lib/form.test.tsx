import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { lazyForm, useZodForm } from './form';
import type { LazyForm } from './form';

const Name = z.object({ name: z.string().trim().min(3, 'Curto demais.') });

/** A lazy schema whose chunk arrives when the test says so. */
function deferredSchema() {
  let arrive = () => {};
  const load = vi.fn(
    () =>
      new Promise<typeof Name>((resolve) => {
        arrive = () => resolve(Name);
      }),
  );
  return {
    schema: lazyForm(load),
    load,
    // the form asks for it when the browser is idle (on the next task in jsdom)
    arrive: async () => {
      await vi.waitFor(() => expect(load).toHaveBeenCalled());
      await act(async () => arrive());
    },
  };
}

function NameForm({
  schema,
  onSubmit,
}: {
  schema: LazyForm<typeof Name>;
  onSubmit: (v: { name: string }) => void;
}) {
  const form = useZodForm(schema, { defaultValues: { name: 'Maria' } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormField name="name" label="Nome">
        {(control) => <Input {...control} />}
      </FormField>
      <FormSubmit ready={schema}>Salvar</FormSubmit>
    </Form>
  );
}

describe('forms with a schema loaded on demand', () => {
  it('ask for the schema once the browser is idle after they show and keep Salvar disabled until it is in', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
    const { schema, load, arrive } = deferredSchema();
    render(<NameForm schema={schema} onSubmit={() => {}} />);
    // not beside the page's own code: the page paints first
    expect(load).not.toHaveBeenCalled();
    act(() => idle.forEach((task) => task()));
    vi.unstubAllGlobals();
    expect(load).toHaveBeenCalledTimes(1);
    // the values would pass, but the rule is not known yet
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await arrive();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  });

  it('validate with it on submit: its messages on the fields, its output to the handler', async () => {
    const { schema, arrive } = deferredSchema();
    const onSubmit = vi.fn();
    render(<NameForm schema={schema} onSubmit={onSubmit} />);
    await arrive();
    const user = userEvent.setup();
    const input = screen.getByLabelText('Nome');
    await user.clear(input);
    await user.type(input, '  Ana  ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ana' }, expect.anything());
    await user.clear(input);
    await user.type(input, 'A');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    input.closest('form')!.requestSubmit();
    expect(await screen.findByText('Curto demais.')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('try the chunk again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<typeof Name>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Name);
    const schema = lazyForm(load);
    await expect(schema.load()).rejects.toThrow('offline');
    expect(schema.loaded()).toBeUndefined();
    await expect(schema.load()).resolves.toBe(Name);
    expect(schema.loaded()).toBe(Name);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
