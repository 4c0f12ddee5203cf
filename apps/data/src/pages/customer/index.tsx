import { ComingSoonPage } from '@scrm/web-kit/ui';
import { COMING_SOON } from '../../texts';

export default function DataCustomerPage() {
  return <ComingSoonPage description={COMING_SOON.customer} />;
}
