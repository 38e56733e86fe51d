// Counts in sentences: "1 session", "2 sessions", "0 sessions" — English plural rules, one place.

const englishPlural = new Intl.PluralRules('en');

/** `count` and the noun in the right form: countOf(1, 'session') → '1 session'; an irregular plural is given. */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count.toLocaleString('en')} ${englishPlural.select(count) === 'one' ? one : other}`;
}
