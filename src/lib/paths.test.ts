import { href, paths } from './paths';

describe('href builders', () => {
  it('build the routes of paths with their parameters filled in and encoded', () => {
    expect(href.editProperty('p1')).toBe(paths.editProperty.replace(':id', 'p1'));
    expect(href.rooms('p 1')).toBe('/dashboard/properties/p%201/qrcodes');
    expect(href.newRoom('p1')).toBe('/dashboard/properties/p1/qrcodes/new');
    expect(href.roomDetail('p1', 'q1')).toBe('/dashboard/properties/p1/qrcodes/q1');
    expect(href.editRoom('p1', 'q1')).toBe('/dashboard/properties/p1/qrcodes/q1/edit');
    expect(href.analytics()).toBe(paths.analytics);
    expect(href.analytics('p 1')).toBe('/dashboard/analytics?property=p%201');
    expect(href.invitation('a/b')).toBe('/invite/a%2Fb');
  });
});
