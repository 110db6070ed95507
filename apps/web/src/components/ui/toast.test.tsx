import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import { TOAST_DURATION_MS, toast } from './use-toast';

describe('toasts', () => {
  it("titles them 'Erro' / 'Sucesso' and shows one at a time", () => {
    render(<Toaster />);
    act(() => void toast.error('Falhou.'));
    expect(screen.getAllByText('Erro').length).toBeGreaterThan(0);
    act(() => void toast.success('Deu certo.'));
    expect(screen.getAllByText('Sucesso').length).toBeGreaterThan(0);
    expect(screen.queryByText('Falhou.')).not.toBeInTheDocument();
    expect(document.querySelectorAll('[data-kind]')).toHaveLength(1);
  });

  it('closes after 5 seconds', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast.success('Salvo.'));
    expect(document.querySelector('[data-kind="success"]')).toHaveAttribute('data-state', 'open');
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS + 50));
    expect(document.querySelector('[data-kind="success"][data-state="open"]')).toBeNull();
    expect(TOAST_DURATION_MS).toBe(5000);
  });
});
