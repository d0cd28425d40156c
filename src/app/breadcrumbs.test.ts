import { breadcrumbsFor } from './breadcrumbs';
import { i18n } from '@/lib/i18n';

const labels = (pathname: string) => breadcrumbsFor(pathname).map((crumb) => i18n.t(crumb.labelKey, { ns: 'common' }));

describe('breadcrumbsFor', () => {
  it('follows the dashboard routes with the spec labels', () => {
    expect(labels('/dashboard')).toEqual(['Dashboard']);
    expect(labels('/dashboard/')).toEqual(['Dashboard']);
    expect(labels('/dashboard/subscription')).toEqual(['Dashboard', 'Subscription']);
    expect(labels('/dashboard/analytics')).toEqual(['Dashboard', 'Scan analytics']);
    expect(labels('/dashboard/team')).toEqual(['Dashboard', 'Team']);
    expect(labels('/dashboard/requests')).toEqual(['Dashboard', 'Guest requests']);
    expect(labels('/dashboard/properties/new')).toEqual(['Dashboard', 'Properties', 'New Property']);
    expect(labels('/dashboard/properties/p1/edit')).toEqual(['Dashboard', 'Properties', 'Edit Property']);
    expect(labels('/dashboard/properties/p1/qrcodes/bulk')).toEqual(['Dashboard', 'Properties', 'QR Codes', 'Add many rooms']);
    expect(labels('/dashboard/properties/p1/qrcodes')).toEqual(['Dashboard', 'Properties', 'QR Codes']);
  });

  it('links the QR list from the pages below it', () => {
    const crumbs = breadcrumbsFor('/dashboard/properties/p1/qrcodes/new');
    expect(crumbs.map((crumb) => crumb.labelKey)).toEqual(['breadcrumb.dashboard', 'breadcrumb.properties', 'breadcrumb.rooms', 'breadcrumb.newRoom']);
    expect(crumbs[2].to).toBe('/dashboard/properties/p1/qrcodes');
    expect(labels('/dashboard/properties/p1/qrcodes/q1')).toEqual(['Dashboard', 'Properties', 'QR Codes', 'QR Code']);
    expect(labels('/dashboard/properties/p1/qrcodes/q1/edit')).toEqual(['Dashboard', 'Properties', 'QR Codes', 'Edit QR Code']);
  });

  it('leads to the translation screens through the QR list (and the room)', () => {
    expect(labels('/dashboard/properties/p1/translations')).toEqual(['Dashboard', 'Properties', 'QR Codes', 'Translations']);
    expect(breadcrumbsFor('/dashboard/properties/p1/translations')[2].to).toBe('/dashboard/properties/p1/qrcodes');
    expect(labels('/dashboard/properties/p1/qrcodes/q1/translations')).toEqual(['Dashboard', 'Properties', 'QR Codes', 'QR Code', 'Translations']);
    expect(breadcrumbsFor('/dashboard/properties/p1/qrcodes/q1/translations')[3].to).toBe('/dashboard/properties/p1/qrcodes/q1');
  });
});
