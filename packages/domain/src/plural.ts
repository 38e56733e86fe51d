// Words in sentences: counts ("1 session", "2 sessions") and articles ("an English session") — English's rules, one place.

const englishPlural = new Intl.PluralRules('en');

/** `count` and the noun in the right form: countOf(1, 'session') → '1 session'; an irregular plural is given. */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count.toLocaleString('en')} ${englishPlural.select(count) === 'one' ? one : other}`;
}

/** The word with its indefinite article, by its first letter: withArticle('English') → 'an English' (enough for the session subjects). */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}
