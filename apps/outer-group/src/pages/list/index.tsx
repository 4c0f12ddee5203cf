import { ComingSoonPage } from '@scrm/web-kit/ui';
import { COMING_SOON } from '../../texts';

export default function OuterGroupListPage() {
  return <ComingSoonPage description={COMING_SOON.list} />;
}
