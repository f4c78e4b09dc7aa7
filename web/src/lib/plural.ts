// One way to say a count to a person ("1 loan application", "2 loan applications"): the plural
// category from Intl.PluralRules, the number with thousands separators. Every count shown in the
// web app goes through here.
const rules = new Intl.PluralRules('en-US');

/** `count` and the noun in the form the count takes: plural(1, 'record') → "1 record". */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${pluralWord(count, one, other)}`;
}

/** The noun alone, for when the number is shown apart (in bold, say). */
export function pluralWord(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === 'one' ? one : other;
}
