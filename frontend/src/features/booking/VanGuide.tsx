/** The van size guide: a button and the popup with every van's measurements. */
import { useState } from 'react';
import { VAN_SIZES, VAN_SPECS } from '@vanhop/contracts';
import { Modal } from '../../ui/Modal';
import { Button } from '../../ui';

export function VanGuide() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="link" onClick={() => setOpen(true)}>
        Van size guide
      </Button>
      {open && (
        <Modal title="Van size guide" onClose={() => setOpen(false)}>
          <div className="van-guide">
            {[...VAN_SIZES].reverse().map((size) => {
              const van = VAN_SPECS[size];
              return (
                <article key={size} className="van-guide-item">
                  <img src={van.image.url} alt={van.image.altText} width={160} height={84} />
                  <div>
                    <h3>{van.title}</h3>
                    <p>{van.description}</p>
                    <dl>
                      {Object.entries(van.specifications).map(([k, v]) => (
                        <div key={k}>
                          <dt>{k === 'VanSize' ? 'Van size' : k}</dt>
                          <dd>{v}</dd>
                        </div>
                      ))}
                    </dl>
                  </div>
                </article>
              );
            })}
          </div>
        </Modal>
      )}
    </>
  );
}
