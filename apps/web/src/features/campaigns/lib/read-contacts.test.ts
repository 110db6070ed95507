import { describe, expect, it } from 'vitest';
import { readContacts } from './read-contacts';

describe('readContacts', () => {
  it('reads CSVs with or without a header, any separator, names beside the address', () => {
    expect(
      readContacts('E-mail,Nome\nana@exemplo.com,Ana Souza\n"Bia Lima",BIA@exemplo.com\n'),
    ).toEqual({
      contacts: [
        { email: 'ana@exemplo.com', name: 'Ana Souza' },
        { email: 'bia@exemplo.com', name: 'Bia Lima' },
      ],
      skipped: 1,
    });
    expect(readContacts('ana@exemplo.com;Ana\ncaio@exemplo.com').contacts).toEqual([
      { email: 'ana@exemplo.com', name: 'Ana' },
      { email: 'caio@exemplo.com', name: null },
    ]);
    expect(readContacts('ana@exemplo.com\tAna   Maria').contacts[0]!.name).toBe('Ana Maria');
  });

  it('reads "Nome <e-mail>"', () => {
    expect(readContacts('Carla Mendes <carla@exemplo.com>').contacts).toEqual([
      { email: 'carla@exemplo.com', name: 'Carla Mendes' },
    ]);
  });

  it('keeps each address once (the last name), skips lines without a valid one', () => {
    expect(
      readContacts('a@exemplo.com,Um\na@exemplo.com,Dois\nsem arroba\n@quase.com\n\n'),
    ).toEqual({
      contacts: [{ email: 'a@exemplo.com', name: 'Dois' }],
      skipped: 2,
    });
    expect(readContacts('   ')).toEqual({ contacts: [], skipped: 0 });
  });
});
