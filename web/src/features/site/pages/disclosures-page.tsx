import { usePageMeta } from '@/lib/page-meta';
import { LegalLayout, type LegalSection } from '../components/legal-layout';

const sections: readonly LegalSection[] = [
  {
    id: 'open-source',
    title: 'Larkspur Bank is open-source software',
    body: (
      <>
        <p>
          Larkspur Bank is an open-source online banking application. Anyone may run it. It is{' '}
          <strong>not a chartered bank</strong>, and deposits held in it are <strong>not FDIC-insured</strong>
          , unless the organisation operating this site is itself a licensed, insured institution and says so
          clearly, with its legal name and charter details, on this page.
        </p>
        <p>
          If no such statement appears here, treat this site as a demonstration: do not send it real money or
          real personal information.
        </p>
      </>
    ),
  },
  {
    id: 'rates',
    title: 'Rates, fees and limits',
    body: (
      <p>
        Rates, APYs, APRs, fees, payments and limits shown on this website are illustrative examples that show
        how the products work. They are not offers of credit or deposit terms. Actual terms, where the
        operator offers real products, are set out in your account documents.
      </p>
    ),
  },
  {
    id: 'calculators',
    title: 'Calculators',
    body: (
      <p>
        Loan calculator results are estimates based on the amount, rate and term you enter. Payments are
        computed exactly in cents: the regular payment is rounded to the nearest cent (halves up) and the
        final payment absorbs the difference. Estimates exclude taxes, insurance and fees, and are not a
        commitment to lend.
      </p>
    ),
  },
  {
    id: 'investments',
    title: 'Investment products',
    body: (
      <p>
        Investment products are not deposits, are not FDIC-insured, are not guaranteed by any bank and may
        lose value.
      </p>
    ),
  },
  {
    id: 'imagery',
    title: 'Images and examples',
    body: (
      <p>
        The pictures on our home page are generated illustrations, not photographs of real places or people.
        Branch addresses, phone numbers and names in articles are illustrative examples.
      </p>
    ),
  },
  {
    id: 'trademarks',
    title: 'Trademarks',
    body: (
      <p>
        Zelle and the Zelle-related marks are wholly owned by Early Warning Services, LLC. Other names may be
        trademarks of their respective owners.
      </p>
    ),
  },
];

export function DisclosuresPage() {
  usePageMeta({
    title: 'Disclosures',
    description:
      'Important disclosures: Larkspur Bank is open-source software and not an FDIC-insured institution unless its operator says so; rates shown are illustrative.',
  });
  return (
    <LegalLayout
      title="Disclosures"
      updated="2026-01-15"
      intro={
        <p>
          Important information about this website, the products described on it and who stands behind them.
        </p>
      }
      sections={sections}
    />
  );
}
