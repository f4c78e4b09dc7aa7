import { describe, expect, it } from 'vitest';
import { faqGroups, searchFaqs } from './faqs';

const questions = (query: string) =>
  searchFaqs(faqGroups, query).flatMap((g) => g.faqs.map((f) => f.question));

describe('searchFaqs', () => {
  it('returns everything for an empty query', () => {
    expect(searchFaqs(faqGroups, '   ')).toBe(faqGroups);
  });

  it('matches every word, in the question or the answer, ignoring case', () => {
    expect(questions('LOST card')).toEqual(['I lost my debit card. What should I do?']);
    expect(questions('prepayment')).toEqual(['Can I pay off my loan early?']);
  });

  it('drops groups without a match and finds nothing for nonsense', () => {
    expect(searchFaqs(faqGroups, 'password').map((g) => g.topic)).toEqual(['Accounts and login', 'Security']);
    expect(questions('zebra')).toEqual([]);
  });
});
