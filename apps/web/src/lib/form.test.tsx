import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useZodForm } from './form';

const Name = z.object({ name: z.string().trim().min(3, 'Curto demais.') });

function NameForm({ onSubmit }: { onSubmit: (v: { name: string }) => void }) {
  const form = useZodForm(Name, { defaultValues: { name: 'Maria' } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormField name="name" label="Nome">
        {(control) => <Input {...control} />}
      </FormField>
      <FormSubmit ready={Name}>Salvar</FormSubmit>
    </Form>
  );
}

describe('forms', () => {
  it('enable Salvar while the values pass the schema', async () => {
    render(<NameForm onSubmit={() => {}} />);
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Nome'));
    await user.type(screen.getByLabelText('Nome'), 'A');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });

  it('validate with it on submit: its messages on the fields, its output to the handler', async () => {
    const onSubmit = vi.fn();
    render(<NameForm onSubmit={onSubmit} />);
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
});
