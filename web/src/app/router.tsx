import {
  createBrowserRouter,
  redirect,
  type createMemoryRouter,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { faqsTarget, paths } from '@/config/paths';
import { PublicLayout } from '@/features/site/components/public-layout';
import { ErrorFallback } from './error-fallback';
import { requireAdmin, requireCustomer, requireGuest, sessionLoader } from './guards';
import { RootLayout } from './root-layout';

/**
 * The route table. Pages load lazily, one chunk per page, so a visitor of the public site never
 * downloads the customer or admin code. Guards run as loaders (see guards.ts).
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <ErrorFallback />,
      // main.tsx renders once the first navigation has settled (index.html shows this same loader
      // until then), so this shows only if the app is ever rendered before that.
      hydrateFallbackElement: <FullScreenLoader label="Loading Larkspur Bank" />,
      // The session decides the header and every guard; nothing renders until it is known.
      loader: sessionLoader,
      children: [
        {
          element: <PublicLayout />,
          children: [
            {
              path: paths.home,
              lazy: async () => ({ Component: (await import('@/features/site/pages/home-page')).HomePage }),
            },
            // The public site (product §2 "Public routes"), one lazily loaded chunk per page; /support/faqs
            // is the help page's questions.
            {
              path: paths.personalBanking,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/personal-banking-page')).PersonalBankingPage,
              }),
            },
            {
              path: paths.businessBanking,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/business-banking-page')).BusinessBankingPage,
              }),
            },
            {
              path: paths.borrow,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/borrow-page')).BorrowPage,
              }),
            },
            {
              path: paths.checking,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/checking-page')).CheckingPage,
              }),
            },
            {
              path: paths.savings,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/savings-page')).SavingsPage,
              }),
            },
            {
              path: paths.investing,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/investing-page')).InvestingPage,
              }),
            },
            {
              path: paths.mortgage,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/mortgage-page')).MortgagePage,
              }),
            },
            {
              path: paths.autoLoans,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/auto-loans-page')).AutoLoansPage,
              }),
            },
            {
              path: paths.personalLoans,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/personal-loans-page')).PersonalLoansPage,
              }),
            },
            {
              path: paths.articleFinancialFoundation,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/article-financial-foundation-page'))
                  .ArticleFinancialFoundationPage,
              }),
            },
            {
              path: paths.articleMortgageMarket,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/article-mortgage-market-page'))
                  .ArticleMortgageMarketPage,
              }),
            },
            {
              path: paths.articleZelleLaunch,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/article-zelle-launch-page'))
                  .ArticleZelleLaunchPage,
              }),
            },
            {
              path: paths.branches,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/branches-page')).BranchesPage,
              }),
            },
            {
              path: paths.contact,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/contact-page')).ContactPage,
              }),
            },
            {
              path: paths.help,
              lazy: async () => ({ Component: (await import('@/features/site/pages/help-page')).HelpPage }),
            },
            // product §2: the same help page. One page, one name: FAQs are its questions (decision 0214).
            { path: paths.faqs, loader: () => redirect(faqsTarget) },
            {
              path: paths.privacy,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/privacy-page')).PrivacyPage,
              }),
            },
            {
              path: paths.terms,
              lazy: async () => ({ Component: (await import('@/features/site/pages/terms-page')).TermsPage }),
            },
            {
              path: paths.security,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/security-page')).SecurityPage,
              }),
            },
            {
              path: paths.disclosures,
              lazy: async () => ({
                Component: (await import('@/features/site/pages/disclosures-page')).DisclosuresPage,
              }),
            },
            {
              // Public, not guest-only: the link works whoever is signed in on this browser.
              path: paths.emailChangeStop,
              lazy: async () => ({
                Component: (await import('@/features/auth/pages/email-change-stop-page')).EmailChangeStopPage,
              }),
            },
            // Lazy too: the first chunk every page downloads stays small (docs/decisions/0011).
            { path: '*', lazy: async () => ({ Component: (await import('./not-found')).NotFoundPage }) },
          ],
        },
        // Guest-only (product §2): a signed-in person is sent to their own dashboard.
        {
          id: 'guest',
          element: <PublicLayout />,
          loader: requireGuest,
          children: [
            {
              path: paths.login,
              lazy: async () => ({ Component: (await import('@/features/auth/pages/login-page')).LoginPage }),
            },
            {
              path: paths.signup,
              lazy: async () => ({
                Component: (await import('@/features/auth/pages/signup-page')).SignupPage,
              }),
            },
            {
              path: paths.adminLogin,
              lazy: async () => ({
                Component: (await import('@/features/auth/pages/admin-login-page')).AdminLoginPage,
              }),
            },
            {
              path: paths.forgotPassword,
              lazy: async () => ({
                Component: (await import('@/features/auth/pages/forgot-password-page')).ForgotPasswordPage,
              }),
            },
            {
              path: paths.staffInvitation,
              lazy: async () => ({
                Component: (await import('@/features/auth/pages/staff-invitation-page')).StaffInvitationPage,
              }),
            },
            {
              path: paths.forgotAccountNumber,
              lazy: async () => ({
                Component: (await import('@/features/auth/pages/forgot-account-number-page'))
                  .ForgotAccountNumberPage,
              }),
            },
          ],
        },
        // The user area: guests go to /login, admins to /admin/dashboard.
        {
          path: paths.userDashboard,
          loader: requireCustomer,
          lazy: async () => ({
            Component: (await import('@/features/dashboard/components/customer-shell')).CustomerShell,
          }),
          children: [
            {
              index: true,
              lazy: async () => ({
                Component: (await import('@/features/dashboard/pages/overview-page')).OverviewPage,
              }),
            },
            {
              path: paths.userProfile,
              lazy: async () => ({
                Component: (await import('@/features/profile/pages/profile-page')).ProfilePage,
              }),
            },
            {
              path: paths.userPayees,
              lazy: async () => ({
                Component: (await import('@/features/transfers/pages/payees-page')).PayeesPage,
              }),
            },
            {
              path: paths.userSecurity,
              lazy: async () => ({
                Component: (await import('@/features/security/pages/security-page')).SecurityPage,
              }),
            },
            {
              path: paths.userScheduled,
              lazy: async () => ({
                Component: (await import('@/features/transfers/pages/scheduled-page')).ScheduledPage,
              }),
            },
            {
              path: paths.userTransactions,
              lazy: async () => ({
                Component: (await import('@/features/transactions/pages/transactions-page')).TransactionsPage,
              }),
            },
            {
              path: paths.userCards,
              lazy: async () => ({
                Component: (await import('@/features/cards/pages/cards-page')).CardsPage,
              }),
            },
            {
              path: paths.userLoans,
              lazy: async () => ({
                Component: (await import('@/features/loans/pages/loans-page')).LoansPage,
              }),
            },
            {
              path: paths.userSendMoney,
              lazy: async () => ({
                Component: (await import('@/features/transfers/pages/send-money-page')).SendMoneyPage,
              }),
            },
            {
              path: paths.userDepositCheck,
              lazy: async () => ({
                Component: (await import('@/features/deposits/pages/deposit-check-page')).DepositCheckPage,
              }),
            },
          ],
        },
        // The admin area: everyone but an admin goes to /admin/login.
        {
          path: paths.adminDashboard,
          loader: requireAdmin,
          lazy: async () => ({
            Component: (await import('@/features/admin/components/admin-shell')).AdminShell,
          }),
          children: [
            {
              index: true,
              lazy: async () => ({
                Component: (await import('@/features/admin/pages/admin-overview-page')).AdminOverviewPage,
              }),
            },
            // Issue #8, the admin console's screens. A customer's file is `users?user=<id>`
            // (docs/decisions/0060), so the route table needs no pattern.
            {
              path: paths.adminUsers,
              lazy: async () => ({
                Component: (await import('@/features/admin/pages/admin-users-page')).AdminUsersPage,
              }),
            },
            {
              path: paths.adminTransactions,
              lazy: async () => ({
                Component: (await import('@/features/admin/pages/admin-transactions-page'))
                  .AdminTransactionsPage,
              }),
            },
            {
              path: paths.adminLoans,
              lazy: async () => ({
                Component: (await import('@/features/admin/pages/admin-loans-page')).AdminLoansPage,
              }),
            },
            {
              path: paths.adminHolds,
              lazy: async () => ({
                Component: (await import('@/features/admin/pages/admin-holds-page')).AdminHoldsPage,
              }),
            },
            {
              path: paths.adminRequests,
              lazy: async () => ({
                Component: (await import('@/features/admin/pages/admin-requests-page')).AdminRequestsPage,
              }),
            },
            {
              path: paths.adminFxRates,
              lazy: async () => ({
                Component: (await import('@/features/admin/pages/admin-fx-rates-page')).AdminFxRatesPage,
              }),
            },
            {
              path: paths.adminAudit,
              lazy: async () => ({
                Component: (await import('@/features/admin/pages/admin-audit-page')).AdminAuditPage,
              }),
            },
            {
              path: paths.adminStaff,
              lazy: async () => ({
                Component: (await import('@/features/admin/pages/admin-staff-page')).AdminStaffPage,
              }),
            },
          ],
        },
      ],
    },
  ];
}

/**
 * `hydrationData`: what the routes' loaders returned for the page already on screen (a prerendered
 * one, docs/decisions/0016); the router then starts without running them again.
 */
export function createRouter(routes: RouteObject[] = createRoutes(), hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}

/** Resolves once the router has settled its first navigation: session known, page code loaded. */
export function initialized(
  router: ReturnType<typeof createBrowserRouter> | ReturnType<typeof createMemoryRouter>,
): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
