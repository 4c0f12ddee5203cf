// What a guest sees of the layout: only the top bar with the product name (spec §2).
import { Brand } from '../brand';

export function GuestTopBar() {
  return (
    <header className="scrm-top-bar" data-testid="top-bar">
      <Brand />
    </header>
  );
}
