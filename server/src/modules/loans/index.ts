// The loans module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export { adminLoanRoutes } from './admin-loan-routes';
export { seedDemoLoans } from './demo-loans';
export { createLoanInquiryService } from './inquiry-service';
export { loanRoutes } from './loan-routes';
export { createLoanService } from './loan-service';
export { loanInquiryRoutes } from './routes';
