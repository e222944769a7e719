/**
 * Every staff and driver screen with how to reach the state it is pictured in. One list feeds both
 * the screenshot and the accessibility tests, so axe checks every screen a person reviews.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { BackOfficeData } from './back-office-data.js';
import { POLL } from './harness.js';

/** Who a screen is opened as: the token is in the browser's storage before the first load. */
export type Visitor = 'nobody' | 'staff' | 'driver';

export interface AreaScreen {
  name: string;
  as: Visitor;
  path: (data: BackOfficeData) => string;
  /** What the user sees first (and any clicks that lead to the state shown); a screen that never gets there fails. */
  show: (page: Page, data: BackOfficeData) => Promise<unknown>;
  /** A dialog over the page: the picture is the window, as a full-page one would draw the page below the fixed backdrop. */
  dialog?: boolean;
}

/** Opens one record's panel from a dashboard list. */
async function openRecord(page: Page, list: 'job-card' | 'quotation-card', code: number) {
  await page.getByTestId(list).locator(`[data-code="${code}"]`).click();
  const panel = page.getByRole('dialog', { name: `Record ${code}` });
  await panel.waitFor();
  return panel;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 }).waitFor();

/** A well-formed invitation link that was never sent. */
const UNKNOWN_INVITATION = `/driver/welcome/v1.${'x'.repeat(24)}.abc.${'y'.repeat(22)}`;

export const STAFF_SCREENS: AreaScreen[] = [
  { name: 'admin-login', as: 'nobody', path: () => '/admin/login', show: heading('Staff login') },
  {
    name: 'admin-login-error',
    as: 'nobody',
    path: () => '/admin/login',
    show: async (page, data) => {
      await page.getByLabel('Username').fill(data.staff.name);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByTestId('login-error').waitFor();
    },
  },
  { name: 'admin-register', as: 'nobody', path: () => '/admin/register', show: heading('Staff sign up') },
  {
    name: 'admin-register-errors',
    as: 'nobody',
    path: () => '/admin/register',
    show: async (page) => {
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.locator('[role=alert][data-field]').first().waitFor();
    },
  },
  {
    name: 'admin-dashboard',
    as: 'staff',
    path: () => '/admin/dashboard',
    show: (page, data) => page.getByTestId('job-card').locator(`[data-code="${data.jobCode}"]`).waitFor(),
  },
  {
    name: 'admin-record-job',
    as: 'staff',
    dialog: true,
    path: () => '/admin/dashboard',
    show: (page, data) => openRecord(page, 'job-card', data.jobCode),
  },
  {
    name: 'admin-record-amend',
    as: 'staff',
    dialog: true,
    path: () => '/admin/dashboard',
    show: async (page, data) => {
      const panel = await openRecord(page, 'job-card', data.jobCode);
      await panel.getByRole('button', { name: 'Change date, hours or stops' }).click();
      await panel.locator('.admin-amend-form').waitFor();
      // A paid job's last action is Cancel with refund (it is never deleted).
      await panel.getByRole('button', { name: 'Cancel with refund' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'admin-record-quotation',
    as: 'staff',
    dialog: true,
    path: () => '/admin/dashboard',
    show: (page, data) => openRecord(page, 'quotation-card', data.quotationCode),
  },
  {
    name: 'admin-health',
    as: 'staff',
    path: () => '/admin/health',
    show: async (page) => {
      for (const id of ['health-check', 'ip-check'])
        await page.getByTestId(id).getByRole('button', { name: 'Click Me to Check' }).click();
      await page.locator('.admin-services li').first().waitFor();
      await expect
        .poll(() => page.getByTestId('ip-check').locator('.admin-check-button').innerText(), POLL)
        .toMatch(/^[\d.:a-f]+$/i);
    },
  },
  {
    name: 'admin-support',
    as: 'staff',
    path: () => '/admin/support',
    show: async (page, data) => {
      await page.getByTestId('support-chat').filter({ hasText: data.supportCustomer }).click();
      await page.getByRole('heading', { name: data.supportCustomer }).waitFor();
    },
  },
  {
    name: 'admin-reviews',
    as: 'staff',
    path: () => '/admin/reviews',
    show: (page) => page.getByTestId('moderated-review').first().waitFor(),
  },
  {
    name: 'admin-drivers',
    as: 'staff',
    path: () => '/admin/drivers',
    show: async (page, data) => {
      const row = page.getByTestId('driver-row').filter({ hasText: data.driver.name });
      await expect.poll(() => row.getByTestId('account-status').innerText(), POLL).toBe('active');
    },
  },
  {
    name: 'admin-driver-new',
    as: 'staff',
    path: () => '/admin/drivers/new',
    show: (page) => page.getByRole('button', { name: 'Save driver' }).waitFor(),
  },
  {
    name: 'admin-driver',
    as: 'staff',
    path: (data) => `/admin/drivers/${data.driver.id}`,
    show: async (page, data) => {
      await heading(data.driver.name)(page);
      await page.getByTestId('audit-entry').first().waitFor();
      await expect.poll(() => page.getByTestId('account-status').innerText(), POLL).toBe('active');
    },
  },
  { name: 'admin-not-found', as: 'staff', path: () => '/admin/no-such-screen', show: heading('404 - Not Found') },
];

export const DRIVER_SCREENS: AreaScreen[] = [
  {
    name: 'driver-welcome',
    as: 'nobody',
    path: (data) => data.welcomePath,
    show: (page, data) => heading(`Welcome to VanHop, ${data.invitedName}`)(page),
  },
  {
    name: 'driver-welcome-errors',
    as: 'nobody',
    path: (data) => data.welcomePath,
    show: async (page) => {
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.locator('.vh-field-error').first().waitFor();
    },
  },
  {
    name: 'driver-welcome-dead-link',
    as: 'nobody',
    path: () => UNKNOWN_INVITATION,
    show: (page) => page.getByRole('alert').waitFor(),
  },
  { name: 'driver-login', as: 'nobody', path: () => '/driver/login', show: heading('Driver sign in') },
  {
    name: 'driver-login-error',
    as: 'nobody',
    path: () => '/driver/login',
    show: async (page, data) => {
      await page.getByLabel('E-mail').fill(data.driver.email);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByTestId('driver-login-error').waitFor();
    },
  },
  {
    name: 'driver-jobs',
    as: 'driver',
    path: () => '/driver/jobs',
    show: async (page, data) => {
      await page
        .getByRole('article', { name: `Booking ${data.jobCode}` })
        .getByRole('button', { name: 'Accept' })
        .waitFor();
      await page.getByTestId('signed-in-as').waitFor();
    },
  },
  {
    name: 'driver-prices',
    as: 'driver',
    path: () => '/driver/prices',
    show: (page) => page.getByRole('button', { name: 'Save prices' }).waitFor(),
  },
  {
    name: 'driver-availability',
    as: 'driver',
    path: () => '/driver/availability',
    show: (page) => page.getByRole('button', { name: 'Save availability' }).waitFor(),
  },
  { name: 'driver-not-found', as: 'driver', path: () => '/driver/no-such-page', show: heading('404 - Not Found') },
];

export const AREA_SCREENS: AreaScreen[] = [...STAFF_SCREENS, ...DRIVER_SCREENS];
