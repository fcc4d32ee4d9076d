import type { ReactNode } from 'react';

export interface RecordItem {
  id: string;
  title: string;
  meta: string;
  action?: ReactNode;
}

/** A member list (orders, reports, writing history): rows, or the empty state until the feature fills it. */
export function RecordList({ items, empty }: { items: RecordItem[]; empty: string }) {
  if (!items.length) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="record-list">
      {items.map((item) => (
        <li key={item.id}>
          <div>
            <strong>{item.title}</strong>
            <span>{item.meta}</span>
          </div>
          {item.action}
        </li>
      ))}
    </ul>
  );
}
