import { describe, expect, it } from 'vitest';
import { guideLookOf, roomQrLook } from './room-qr-look';
import { templateColors } from '../templates';

describe('a room’s QR look from its merged guide', () => {
  it('takes the colours and logo the guide shows (a room inheriting the property’s look gets the property’s)', () => {
    const guide = guideLookOf({
      template: 'custom',
      style: { primaryColor: '#123456', backgroundColor: '#fedcba', logoUrl: ' https://cdn.example/logo.png ' },
      hotel: { name: 'x' },
    });
    expect(roomQrLook('https://app.example', 'room-1', guide)).toEqual({
      data: 'https://app.example/guide/room-1',
      primaryColor: '#123456',
      backgroundColor: '#fedcba',
      logoUrl: 'https://cdn.example/logo.png',
    });
  });

  it('fills colours the guide leaves empty or malformed from its template, and leaves out an empty logo', () => {
    const look = roomQrLook('https://app.example', 'room-1', guideLookOf({ template: 'luxury', style: { primaryColor: 'gold', logoUrl: '  ' } }));
    expect(look).toEqual({ data: 'https://app.example/guide/room-1', ...templateColors.luxury });
  });

  it('reads anything that is not a guide object as no template and no style', () => {
    for (const value of [null, 'text', 42, { template: 7, style: 'red' }]) expect(guideLookOf(value)).toEqual({ template: null, style: null });
  });
});
