/** Lower case without accents: "Descrição" -> "descricao". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Folded, punctuation to spaces, runs of spaces collapsed: the text two rows are compared by. */
export function compactText(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
