/** Port for one-way password hashing (the scrypt adapter implements it). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or a hash this hasher cannot read; never throws on bad input. */
  verify(password: string, hash: string): Promise<boolean>;
}
