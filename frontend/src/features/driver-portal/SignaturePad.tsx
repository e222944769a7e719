/**
 * The customer signs on the driver's phone: a canvas drawn on with pointer events (finger, pen or
 * mouse alike; touch-action none so the stroke does not scroll the page), given back as a PNG data
 * URL after each stroke, or null once cleared.
 */
import { useRef, useState, type PointerEvent } from 'react';
import { cssColour } from '../../lib/cssColour';
import { Button } from '../../ui';

export function SignaturePad({ label, onChange }: { label: string; onChange: (png: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [signed, setSigned] = useState(false);
  // Read by the pointer handlers, which may run before a render shows `signed`.
  const inked = useRef(false);

  const pointAt = (e: PointerEvent<HTMLCanvasElement>) => {
    const c = e.currentTarget;
    const box = c.getBoundingClientRect();
    // The drawing surface keeps its pixel size whatever width the card gives the canvas.
    return {
      x: ((e.clientX - box.left) * c.width) / (box.width || c.width),
      y: ((e.clientY - box.top) * c.height) / (box.height || c.height),
    };
  };
  const context = () => {
    const ctx = canvas.current?.getContext('2d') ?? null;
    if (ctx) {
      ctx.lineWidth = 3;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = cssColour('--palette-ink-950', 'black');
    }
    return ctx;
  };

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    last.current = pointAt(e);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const ctx = context();
    const p = pointAt(e);
    if (ctx) {
      ctx.beginPath();
      ctx.moveTo(last.current.x, last.current.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    last.current = p;
    inked.current = true;
    setSigned(true);
  };
  const up = () => {
    if (!last.current) return;
    last.current = null;
    if (canvas.current && inked.current) onChange(canvas.current.toDataURL('image/png'));
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    inked.current = false;
    setSigned(false);
    onChange(null);
  };

  return (
    <div className="portal-signature">
      <canvas
        ref={canvas}
        width={600}
        height={200}
        role="img"
        aria-label={label}
        data-testid="signature-pad"
        className={signed ? 'is-signed' : undefined}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onPointerLeave={up}
      />
      <div className="portal-signature-foot">
        <span className="portal-muted">{signed ? 'Signed' : 'Sign above with a finger'}</span>
        <Button area="portal" variant="secondary" onClick={clear} disabled={!signed}>
          Clear signature
        </Button>
      </div>
    </div>
  );
}
