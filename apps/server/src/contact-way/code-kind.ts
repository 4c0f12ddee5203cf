// What the channel and staff code services share: the contact-way service underneath (its repository and
// clock) and finding a code of their own kind, whose 404 names the kind.
import type { ContactWayKind } from '../db/tables.js';
import type { AppError } from '../http/errors.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import type { ContactWay } from './contact-way.repository.js';
import type { ContactWayService } from './contact-way.service.js';

export abstract class CodeKindService {
  protected constructor(
    protected readonly contactWays: ContactWayService,
    private readonly kind: ContactWayKind,
    private readonly missing: () => AppError,
  ) {}

  protected get repo() {
    return this.contactWays.repo;
  }

  protected get now() {
    return this.contactWays.deps.clock.now();
  }

  find(ws: WorkSpace, id: number): Promise<ContactWay> {
    return this.contactWays.findOfKind(ws, id, this.kind, this.missing);
  }
}
