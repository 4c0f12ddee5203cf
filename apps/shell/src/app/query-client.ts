// The console's one query client: the pages' queries, and those a menu hover starts ahead.
import { createQueryClient } from '@scrm/web-kit';

export const queryClient = createQueryClient();
