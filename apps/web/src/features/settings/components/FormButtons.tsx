import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';

/**
 * The row that ends a settings card's form: the form's own buttons (its submit first), then Cancel,
 * held while the form is being sent where `cancelDisabled` says so.
 */
export function FormButtons({ children, cancelLabel, onCancel, cancelDisabled }: { children: ReactNode; cancelLabel: string; onCancel: () => void; cancelDisabled?: boolean }) {
  return (
    <div className="flex flex-wrap gap-3">
      {children}
      <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
    </div>
  );
}
