/** What is moving, one line per item ("2 × Sofa, 2-seat"): on the driver's job card and on My move. */
import { itemLineLabel, type ItemLine } from '@vanhop/contracts';

export function ItemList({ items, className }: { items: readonly ItemLine[]; className?: string }) {
  return (
    <ul className={className} data-testid="item-list">
      {items.map((l) => (
        <li key={`${l.id}:${l.name ?? ''}`}>{itemLineLabel(l)}</li>
      ))}
    </ul>
  );
}
