// Password hashing with argon2id.
import argon2 from 'argon2';

export class PasswordHasher {
  private dummy: Promise<string> | null = null;

  constructor(private readonly memoryCost: number) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, memoryCost: this.memoryCost, timeCost: 2, parallelism: 1 });
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    if (!hash) {
      // Spend the same time when there is nothing to compare, so timing does not tell.
      this.dummy ??= this.hash('scrm-dummy-password');
      await argon2.verify(await this.dummy, password).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}
