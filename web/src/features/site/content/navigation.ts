import { paths } from '@/config/paths';

/** product §2 header navigation, in order. */
export const mainNavigation = [
  { label: 'Personal', to: paths.personalBanking },
  { label: 'Business', to: paths.businessBanking },
  { label: 'Borrow', to: paths.borrow },
  { label: 'Invest', to: paths.investing },
  { label: 'Support', to: paths.contact },
] as const;

/** product §2 footer link groups, in order. */
export const footerNavigation = [
  {
    title: 'Products',
    links: [
      { label: 'Checking', to: paths.checking },
      { label: 'Savings', to: paths.savings },
      { label: 'Investing', to: paths.investing },
      { label: 'Mortgages', to: paths.mortgage },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Contact Us', to: paths.contact },
      { label: 'Help Center', to: paths.help },
      { label: 'Find a Branch', to: paths.branches },
      { label: 'FAQs', to: paths.faqs },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', to: paths.privacy },
      { label: 'Terms of Use', to: paths.terms },
      { label: 'Security', to: paths.security },
      { label: 'Disclosures', to: paths.disclosures },
    ],
  },
] as const;

/**
 * Placeholder profiles (product §2: "three social icons with placeholder links"): the networks' home
 * pages until a deployer has accounts of its own. Plain links, no widgets, no tracking.
 */
export const socialLinks = [
  { network: 'Twitter', href: 'https://twitter.com/' },
  { network: 'Facebook', href: 'https://www.facebook.com/' },
  { network: 'LinkedIn', href: 'https://www.linkedin.com/' },
] as const;
