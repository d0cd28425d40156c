/**
 * Every route of the spec (§2) but the guest guide, which is its own light entry (guide.html, served for
 * src/lib/guide-url.ts's path). Each page is its own lazy chunk, so the dashboard's screens load when a host
 * opens them.
 */
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { RootLayout } from './layouts/root-layout';
import { ProtectedRoute, VisitorsOnlyRoute } from './layouts/protected-route';
import { lazyPage, type LazyPage } from './lazy-page';
import { RouteError } from './route-error';

const LandingPage = lazyPage(() => import('@/features/marketing/components/landing-page'));
const QrInfoPage = lazyPage(() => import('@/features/marketing/components/qr-info-page'));
const PrivacyPage = lazyPage(() => import('@/features/marketing/components/privacy-page'));
const FaqPage = lazyPage(() => import('@/features/marketing/components/faq-page'));
const ContactPage = lazyPage(() => import('@/features/marketing/components/contact-page'));
const NotFoundPage = lazyPage(() => import('@/features/marketing/components/not-found-page'));
const LoginPage = lazyPage(() => import('@/features/auth/components/login-page'));
const RegisterPage = lazyPage(() => import('@/features/auth/components/register-page'));
const ForgotPasswordPage = lazyPage(() => import('@/features/auth/components/forgot-password-page'));
const ResetPasswordPage = lazyPage(() => import('@/features/auth/components/reset-password-page'));
const DashboardLayout = lazyPage(() => import('./layouts/dashboard-layout'));
const RoleGate = lazyPage(() => import('./layouts/role-gate'));
const PropertyListPage = lazyPage(() => import('@/features/properties/components/property-list-page'));
const PropertyFormPage = lazyPage(() => import('@/features/properties/components/property-form-page'));
const RoomListPage = lazyPage(() => import('@/features/rooms/room-list/room-list-page'));
const RoomFormPage = lazyPage(() => import('@/features/rooms/room-form/room-form-page'));
const BulkRoomsPage = lazyPage(() => import('@/features/rooms/bulk/bulk-rooms-page'));
const PrintSheetPage = lazyPage(() => import('@/features/rooms/printing/print-sheet-page'));
const PropertyGuidePage = lazyPage(() => import('@/features/rooms/property-guide/property-guide-page'));
const RoomDetailPage = lazyPage(() => import('@/features/rooms/room-detail/room-detail-page'));
const AnalyticsPage = lazyPage(() => import('@/features/analytics/components/analytics-page'));
const SubscriptionPage = lazyPage(() => import('@/features/billing/components/subscription-page'));
const PropertyTranslationsPage = lazyPage(() => import('@/features/translations/components/property-translations-page'));
const RoomTranslationsPage = lazyPage(() => import('@/features/translations/components/room-translations-page'));
const TeamPage = lazyPage(() => import('@/features/team/components/team-page'));
const RequestsPage = lazyPage(() => import('@/features/requests/components/requests-page'));
const InvitationPage = lazyPage(() => import('@/features/team/components/invitation-page'));
/** The auth feature's sign-out, loaded when used: a visitor's pages load no supabase-js. */
const signOutLater = () => import('@/features/auth/api/sign-out').then((module) => module.signOut());

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { element: <VisitorsOnlyRoute />, children: [{ index: true, element: <LandingPage /> }] },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'QRinfo', element: <QrInfoPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'faq', element: <FaqPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'invite/:token', element: <InvitationPage signOut={signOutLater} /> },
      {
        element: <ProtectedRoute />,
        children: [
          {
            path: 'dashboard',
            element: <DashboardLayout />,
            children: [
              { index: true, element: <PropertyListPage /> },
              // Billing is the owners' alone (the functions check the role too).
              { element: <RoleGate need="billing" />, children: [{ path: 'subscription', element: <SubscriptionPage /> }] },
              { path: 'analytics', element: <AnalyticsPage /> },
              { path: 'team', element: <TeamPage /> },
              { path: 'requests', element: <RequestsPage /> },
              { path: 'properties/:propertyId/qrcodes', element: <RoomListPage /> },
              { path: 'properties/:propertyId/qrcodes/:id', element: <RoomDetailPage /> },
              { path: 'properties/:propertyId/qrcodes/print', element: <PrintSheetPage /> },
              // Screens that change the team's data: only for a role that may (the database refuses the write anyway).
              { element: <RoleGate need="manageProperties" />, children: [{ path: 'properties/new', element: <PropertyFormPage key="new-property" /> }] },
              {
                element: <RoleGate need="editGuide" propertyParam="id" />,
                children: [{ path: 'properties/:id/edit', element: <PropertyFormPage key="edit-property" /> }],
              },
              {
                element: <RoleGate need="editGuide" propertyParam="propertyId" />,
                children: [
                  { path: 'properties/:propertyId/qrcodes/new', element: <RoomFormPage key="new-qr-code" /> },
                  { path: 'properties/:propertyId/qrcodes/:id/edit', element: <RoomFormPage key="edit-qr-code" /> },
                  { path: 'properties/:propertyId/translations', element: <PropertyTranslationsPage /> },
                  { path: 'properties/:propertyId/qrcodes/:id/translations', element: <RoomTranslationsPage /> },
                  { path: 'properties/:propertyId/qrcodes/bulk', element: <BulkRoomsPage /> },
                  { path: 'properties/:propertyId/guide', element: <PropertyGuidePage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Starts loading the pages the router will render for `pathname` (a layout and its screen load side by side
 * instead of one after the other); resolves once they are in.
 */
export function preloadPagesFor(pathname: string): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const type = (route.element as { type?: unknown } | undefined)?.type as Partial<LazyPage> | undefined;
    return typeof type?.preload === 'function' ? [type.preload()] : [];
  });
  return Promise.all(pages).then(() => undefined);
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
