import { act, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { keepTypedFields } from './typed-before-start';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A controlled field whose state is shown beside it, so the test sees what the app holds, not only the DOM. */
function LiveSearch({ onStarted }: { onStarted: () => void }) {
  const [pickup, setPickup] = useState('');
  useEffect(onStarted, [onStarted]);
  return (
    <form>
      <input id="pickup" value={pickup} onChange={(e) => setPickup(e.target.value)} />
      <input id="dropoff" defaultValue="" />
      <output id="held">{pickup}</output>
    </form>
  );
}

const PRERENDERED = '<form><input id="pickup" value=""><input id="dropoff" value=""><output id="held"></output></form>';

function typeLikeAVisitor(id: string, value: string): HTMLInputElement {
  const field = document.getElementById(id) as HTMLInputElement;
  field.focus();
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  return field;
}

async function startApp(container: HTMLElement, replay: () => void): Promise<void> {
  await act(async () => createRoot(container).render(<LiveSearch onStarted={replay} />));
}

describe('text typed into the prerendered page before the app starts', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('reaches the live component state and keeps the focus', async () => {
    const container = document.createElement('div');
    container.innerHTML = PRERENDERED;
    document.body.append(container);
    const replay = keepTypedFields(container);
    typeLikeAVisitor('pickup', 'NW2');

    await startApp(container, replay);

    expect((document.getElementById('pickup') as HTMLInputElement).value).toBe('NW2');
    expect(document.getElementById('held')!.textContent).toBe('NW2');
    expect(document.activeElement?.id).toBe('pickup');
  });

  it('keeps the last value of each field and a value the browser filled in before recording began', async () => {
    const container = document.createElement('div');
    container.innerHTML = PRERENDERED;
    document.body.append(container);
    (container.querySelector('#dropoff') as HTMLInputElement).value = 'SE1';
    const replay = keepTypedFields(container);
    typeLikeAVisitor('pickup', 'N');
    typeLikeAVisitor('pickup', 'NW');
    typeLikeAVisitor('pickup', 'NW10');

    await startApp(container, replay);

    expect(document.getElementById('held')!.textContent).toBe('NW10');
    expect((document.getElementById('dropoff') as HTMLInputElement).value).toBe('SE1');
  });

  it('changes nothing when nothing was typed, and a second replay is harmless', async () => {
    const container = document.createElement('div');
    container.innerHTML = PRERENDERED;
    document.body.append(container);
    const replay = keepTypedFields(container);

    await startApp(container, replay);
    replay();

    expect(document.getElementById('held')!.textContent).toBe('');
    expect(document.activeElement).toBe(document.body);
  });
});
