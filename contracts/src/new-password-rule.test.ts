import { describe, expect, it } from 'vitest';
import type { AnyObject, ObjectSchema } from 'yup';
import { MSG } from './messages.js';
import { adminLoginSchema, adminRegisterSchema } from './schemas/admin.js';
import { DRIVER_ACCOUNT_MSG, driverPasswordSchema } from './schemas/driver.js';
import { NEW_PASSWORD, newPasswordProblem } from './schemas/password.js';

/** Each field's first message, or null when the body passes. */
const errorsOf = async (schema: ObjectSchema<AnyObject>, body: Record<string, unknown>) =>
  schema.validate(body, { abortEarly: false }).then(
    () => null,
    (err: { inner: { path?: string; message: string }[] }) =>
      Object.fromEntries(err.inner.map((e) => [e.path, e.message]).reverse()),
  );

const staff = (password: string) => ({ name: 'sam_admin', password, password1: password, uniquecode: 'VH-1234' });
const driver = (password: string) => ({ password, password1: password });

/** Staff sign-up took the password '1' while a driver's first password needs 10 characters. */
describe('one rule for a new password, staff and drivers alike', () => {
  it('staff sign-up refuses what the driver form refuses, with the same words', async () => {
    for (const password of ['1', 'nine-char', 'x'.repeat(129)]) {
      expect((await errorsOf(adminRegisterSchema, staff(password)))?.password, password).toBe(NEW_PASSWORD.message);
      expect((await errorsOf(driverPasswordSchema, driver(password)))?.password, password).toBe(NEW_PASSWORD.message);
      expect(newPasswordProblem(password)).toBe(NEW_PASSWORD.message);
    }
    for (const password of ['ten-chars!', 'x'.repeat(128)]) {
      expect(await errorsOf(adminRegisterSchema, staff(password)), password).toBeNull();
      expect(await errorsOf(driverPasswordSchema, driver(password)), password).toBeNull();
      expect(newPasswordProblem(password)).toBeNull();
    }
  });

  it("reuses the drivers' words for the length and keeps the staff form's own texts", async () => {
    expect(MSG.adminRegister.passwordLength).toBe(DRIVER_ACCOUNT_MSG.password);
    expect(MSG.adminRegister.passwordLength).toBe('Password must be 10 to 128 characters');
    expect(await errorsOf(adminRegisterSchema, { ...staff(''), password1: '' })).toMatchObject({
      password: MSG.adminRegister.passwordRequired,
      password1: MSG.adminRegister.passwordConfirmRequired,
    });
    expect(
      (await errorsOf(adminRegisterSchema, { ...staff('a-long-password'), password1: 'another-password' }))?.password1,
    ).toBe(MSG.adminRegister.passwordMatch);
  });

  it('signing in still takes a short password: only new passwords are checked', async () => {
    expect(await errorsOf(adminLoginSchema, { username: 'old_staff', password: '1' })).toBeNull();
  });
});
