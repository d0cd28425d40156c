/**
 * One code of a print card as inline SVG: the background (with a quiet zone of two modules in the same colour, so the
 * code reads on any card), the dark modules as one path and the logo in the cleared middle.
 */
import { memo } from 'react';
import type { PrintCode } from './print-codes';

const quietModules = 2;

export const PrintQr = memo(function PrintQr({ code, label, side }: { code: PrintCode; label: string; side: string }) {
  const { qr, color, background, logoUrl } = code;
  const extent = qr.size + 2 * quietModules;
  return (
    <svg
      viewBox={`${-quietModules} ${-quietModules} ${extent} ${extent}`}
      width={side}
      height={side}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      style={{ display: 'block', width: side, height: side }}
    >
      <rect x={-quietModules} y={-quietModules} width={extent} height={extent} fill={background} />
      <path d={qr.path} fill={color} />
      {logoUrl && qr.clear && (
        <image
          href={logoUrl}
          x={qr.clear.start + 0.5}
          y={qr.clear.start + 0.5}
          width={qr.clear.side - 1}
          height={qr.clear.side - 1}
          preserveAspectRatio="xMidYMid meet"
        />
      )}
    </svg>
  );
});
