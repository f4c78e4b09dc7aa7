/**
 * Every page route of the product (product §2). The web router, the server's SPA fallback (which
 * answers 404 for anything not listed here) and the sitemap all read this one table.
 */
export const paths = {
  home: '/',
  personalBanking: '/personal-banking',
  businessBanking: '/business-banking',
  borrow: '/borrow',
  checking: '/products/checking',
  savings: '/products/savings',
  investing: '/products/investing',
  mortgage: '/products/mortgage',
  autoLoans: '/loans/auto',
  personalLoans: '/loans/personal',
  articleFinancialFoundation: '/articles/financial-foundation',
  articleMortgageMarket: '/articles/mortgage-market',
  articleZelleLaunch: '/articles/zelle-launch',
  branches: '/support/branches',
  contact: '/support/contact',
  help: '/support/help',
  /** product §2: the same help page. It sends the visitor to the Help Center's questions (decision 0214). */
  faqs: '/support/faqs',
  privacy: '/legal/privacy',
  terms: '/legal/terms',
  security: '/legal/security',
  disclosures: '/legal/disclosures',

  login: '/login',
  adminLogin: '/admin/login',
  signup: '/signup',
  // Ours: getting back in (issue 17), guest-only like /login.
  forgotPassword: '/forgot-password',
  forgotAccountNumber: '/forgot-account-number',
  // Issue 27 (decision 0189): a new staff member activates their account from the emailed link.
  staffInvitation: '/staff-invitation',
  // The link mailed to the old address of a staff-help email change (decision 0182): anyone may open it.
  emailChangeStop: '/email-change/stop',

  userDashboard: '/user/dashboard',
  userProfile: '/user/dashboard/profile',
  userCards: '/user/dashboard/cards',
  userTransactions: '/user/dashboard/transactions',
  userLoans: '/user/dashboard/loans',
  // Ours (issue 17): devices and sessions, passkeys, recent security activity.
  userSecurity: '/user/dashboard/security',
  // Ours: the two money-moving flows are pages of the user area (docs/decisions/0050).
  userSendMoney: '/user/dashboard/send-money',
  userDepositCheck: '/user/dashboard/deposit-check',
  // Ours (issue 18): the payee book.
  userPayees: '/user/dashboard/payees',
  // Ours (issue 18): scheduled and recurring transfers, to see, change or cancel.
  userScheduled: '/user/dashboard/scheduled',

  adminDashboard: '/admin/dashboard',
  adminUsers: '/admin/dashboard/users',
  adminTransactions: '/admin/dashboard/transactions',
  adminLoans: '/admin/dashboard/loans',
  adminAudit: '/admin/dashboard/audit',
  adminHolds: '/admin/dashboard/holds',
  // Issue 19: staff and their permission sets (administrators only).
  adminStaff: '/admin/dashboard/staff',
  // Issue 19: the maker-checker queue of manual money requests.
  adminRequests: '/admin/dashboard/requests',
  /** Issue 18: the bank's posted exchange rates. */
  adminFxRates: '/admin/dashboard/fx-rates',

  devMailbox: '/dev/mailbox',
} as const;

export type PagePath = (typeof paths)[keyof typeof paths];

/** Where /support/faqs sends the visitor: the Help Center, at its questions (decision 0214). */
export const faqsTarget = `${paths.help}#faqs`;

/**
 * The public marketing pages (product §2 "Public routes"): indexed by search engines, in the sitemap.
 * /support/faqs is not one of them: it is the help page's questions (`faqsTarget`, decision 0214).
 */
export const publicPagePaths: readonly PagePath[] = [
  paths.home,
  paths.personalBanking,
  paths.businessBanking,
  paths.borrow,
  paths.checking,
  paths.savings,
  paths.investing,
  paths.mortgage,
  paths.autoLoans,
  paths.personalLoans,
  paths.articleFinancialFoundation,
  paths.articleMortgageMarket,
  paths.articleZelleLaunch,
  paths.branches,
  paths.contact,
  paths.help,
  paths.privacy,
  paths.terms,
  paths.security,
  paths.disclosures,
];

/**
 * A matcher for page path patterns as the web router writes them: literal segments, and `:name`
 * for any one non-empty segment. A trailing slash is ignored. There is one matcher, used by the
 * server's SPA fallback; web/src/app/router.test.ts checks every route of the router against it.
 */
export function createPagePathMatcher(patterns: readonly string[]): (pathname: string) => boolean {
  const literal = new Set(patterns.filter((p) => !p.includes('/:')));
  const dynamic = patterns.filter((p) => p.includes('/:')).map((p) => p.split('/'));
  return (pathname) => {
    const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (literal.has(normalized)) return true;
    const segments = normalized.split('/');
    return dynamic.some(
      (pattern) =>
        pattern.length === segments.length &&
        pattern.every((part, i) =>
          part.startsWith(':') ? (segments[i] ?? '') !== '' : part === segments[i],
        ),
    );
  };
}

/** True when the SPA has a page for this path (trailing slash ignored). */
export const isKnownPagePath = createPagePathMatcher(Object.values(paths));
