import { describe, expect, it } from 'vitest';
import { safeDisplayName } from './mailer';

describe('safeDisplayName: a From name that cannot pose as someone else', () => {
  const name = (v: string) => safeDisplayName(v, 'Fã Clube');

  it('marks every creator name with the platform', () => {
    expect(name('Carla Mendes')).toBe('Carla Mendes via Fã Clube');
    expect(name("Ateliê D'Ávila")).toBe("Ateliê D'Ávila via Fã Clube");
  });

  it('drops addresses, links and domain names, which would pose as a bank or a service', () => {
    expect(name('Banco Seguro <seguranca@banco.com.br>')).toBe('Banco Seguro via Fã Clube');
    expect(name('"suporte@itau.com.br"')).toBe('Fã Clube');
    expect(name('Nubank https://nubank.com.br/login')).toBe('Nubank via Fã Clube');
    expect(name('Acesse www.caixa.gov.br agora')).toBe('Acesse agora via Fã Clube');
    expect(name('Pix itau.com.br')).toBe('Pix via Fã Clube');
  });

  it('drops line breaks, control and format characters, quotes and angle brackets', () => {
    expect(name('Loja\r\nBcc: vitima@example.com')).toBe('Loja Bcc: via Fã Clube');
    // a right-to-left override and zero-width marks would reorder or hide what the inbox shows
    expect(name('Loja\u202Eabc\u200B\u200DX')).toBe('Loja abc X via Fã Clube');
    expect(name('«Oficial» "Receita" `x` \\ y')).toBe('Oficial Receita x y via Fã Clube');
  });

  it('folds look-alike letters and cuts long names', () => {
    // full-width letters fold to their plain forms, which the rules above then see
    expect(name('Ｂａｎｃｏ ｂａｎｃｏ．ｃｏｍ')).toBe('Banco via Fã Clube');
    expect(name('A'.repeat(500))).toBe(`${'A'.repeat(60)} via Fã Clube`);
    expect(name('   ')).toBe('Fã Clube');
  });
});
