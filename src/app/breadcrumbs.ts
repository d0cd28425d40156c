import { matchPath } from 'react-router-dom';
import { href, paths } from '@/lib/paths';

export interface Crumb {
  /** A `common` i18n key. */
  labelKey: string;
  to: string;
}

const dashboard: Crumb = { labelKey: 'breadcrumb.dashboard', to: paths.dashboard };
const properties: Crumb = { labelKey: 'breadcrumb.properties', to: paths.dashboard };

/**
 * The dashboard breadcrumb for a path (docs/product-spec.md §2: Dashboard, Properties, New Property, Edit Property,
 * QR Codes, Subscription; and the screens added since: analytics, shared guide, bulk rooms, print sheet, translations, guest requests).
 */
export function breadcrumbsFor(pathname: string): Crumb[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (matchPath(paths.subscription, path)) return [dashboard, { labelKey: 'breadcrumb.subscription', to: paths.subscription }];
  if (matchPath(paths.analytics, path)) return [dashboard, { labelKey: 'breadcrumb.analytics', to: paths.analytics }];
  if (matchPath(paths.team, path)) return [dashboard, { labelKey: 'breadcrumb.team', to: paths.team }];
  if (matchPath(paths.requests, path)) return [dashboard, { labelKey: 'breadcrumb.requests', to: paths.requests }];
  if (matchPath(paths.newProperty, path)) return [dashboard, properties, { labelKey: 'breadcrumb.newProperty', to: paths.newProperty }];
  if (matchPath(paths.propertyGuide, path)) return [dashboard, properties, { labelKey: 'breadcrumb.propertyGuide', to: path }];
  const editProperty = matchPath(paths.editProperty, path);
  if (editProperty) return [dashboard, properties, { labelKey: 'breadcrumb.editProperty', to: path }];
  const translationsCrumb: Crumb = { labelKey: 'breadcrumb.translations', to: path };
  const roomTranslations = matchPath(paths.roomTranslations, path);
  if (roomTranslations?.params.propertyId && roomTranslations.params.id) {
    const { propertyId, id } = roomTranslations.params;
    const list: Crumb = { labelKey: 'breadcrumb.rooms', to: href.rooms(propertyId) };
    return [dashboard, properties, list, { labelKey: 'breadcrumb.room', to: href.roomDetail(propertyId, id) }, translationsCrumb];
  }
  const propertyTranslations = matchPath(paths.propertyTranslations, path);
  if (propertyTranslations?.params.propertyId) {
    return [dashboard, properties, { labelKey: 'breadcrumb.rooms', to: href.rooms(propertyTranslations.params.propertyId) }, translationsCrumb];
  }
  const roomRoute =
    matchPath(paths.bulkRooms, path) ??
    matchPath(paths.printSheet, path) ??
    matchPath(paths.newRoom, path) ??
    matchPath(paths.editRoom, path) ??
    matchPath(paths.roomDetail, path) ??
    matchPath(paths.rooms, path);
  if (roomRoute?.params.propertyId) {
    const list: Crumb = { labelKey: 'breadcrumb.rooms', to: href.rooms(roomRoute.params.propertyId) };
    if (roomRoute.pattern.path === paths.printSheet) return [dashboard, properties, list, { labelKey: 'breadcrumb.printSheet', to: path }];
    if (roomRoute.pattern.path === paths.bulkRooms) return [dashboard, properties, list, { labelKey: 'breadcrumb.bulkRooms', to: path }];
    if (roomRoute.pattern.path === paths.newRoom) return [dashboard, properties, list, { labelKey: 'breadcrumb.newRoom', to: path }];
    if (roomRoute.pattern.path === paths.editRoom) return [dashboard, properties, list, { labelKey: 'breadcrumb.editRoom', to: path }];
    if (roomRoute.pattern.path === paths.roomDetail) return [dashboard, properties, list, { labelKey: 'breadcrumb.room', to: path }];
    return [dashboard, properties, list];
  }
  return [dashboard];
}
