import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '@vanhop/platform';
import { notificationService } from '../src/service.js';
import { CONVERSATIONS, type ConversationThread } from '../src/domain/conversation-thread.js';
import { staffAuth } from '../../../test/support/staff.js';
import { startTestStack, type TestStack } from '../../../test/support/service-stack.js';

const clock = { now: () => new Date('2026-03-01T12:00:00Z') };
const at = (minute: number) => new Date(Date.parse('2026-02-01T09:00:00Z') + minute * 60_000).toISOString();

/** A support chat: waiting for staff since `minute`, or answered at `minute`; two chats share each minute. */
const chat = (i: number, waiting: boolean): ConversationThread => {
  const minute = Math.floor(i / 2);
  return {
    _id: `cv-${waiting ? 'w' : 'a'}-${String(i).padStart(3, '0')}`,
    kind: 'support',
    customer: { name: `Customer ${i}`, email: null },
    driver: null,
    about: null,
    page: '/',
    messages: [{ id: `m${i}`, from: waiting ? 'customer' : 'staff', body: `Message ${i}`, at: at(minute) }],
    messageCount: 1,
    createdAt: at(minute),
    lastMessageAt: at(minute),
    awaitingStaff: waiting,
    waitingSince: waiting ? at(minute) : null,
    outbox: [],
  };
};

describe('the staff Instant Support inbox a page at a time', () => {
  let stack: TestStack;
  let svc: RunningService;
  const waiting = Array.from({ length: 23 }, (_, i) => chat(i, true));
  // One answered years before the rest: the latest-first read widens its range of times to reach it.
  const answered = [
    ...Array.from({ length: 9 }, (_, i) => chat(i, false)),
    { ...chat(9, false), lastMessageAt: '2019-05-01T09:00:00.000Z' },
  ];

  beforeAll(async () => {
    stack = await startTestStack({ name: 'support-inbox-pages', clock });
    svc = await stack.start(notificationService, {
      FLEET_SERVICE_URL: 'http://127.0.0.1:9',
      BOOKING_SERVICE_URL: 'http://127.0.0.1:9',
    });
    const col = svc.infra.store.collection<ConversationThread>(CONVERSATIONS);
    // Stored in reverse, so the order of the pages is the reads' own.
    for (const t of [...waiting, ...answered].reverse()) await col.insertOne(t);
  });
  afterAll(() => stack?.stop());

  const get = async (pathname: string, auth = true) => {
    const res = await fetch(`${svc.url}${pathname}`, { headers: auth ? staffAuth('Sam_Admin', { clock }) : {} });
    return { status: res.status, body: (await res.json()) as any };
  };

  const allPages = async (query: string) => {
    const ids: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/api/support/admin/conversations/page?${query}${after ? `&after=${after}` : ''}`);
      expect(res.status).toBe(200);
      ids.push(...res.body.items.map((c: { id: string }) => c.id));
      after = res.body.next;
      pages++;
    } while (after && pages < 20);
    return { ids, pages };
  };

  it('pages unanswered chats longest waiting first, each once, ties by id', async () => {
    const first = await get('/api/support/admin/conversations/page?pageSize=5');
    expect(first.body).toMatchObject({ pageSize: 5, next: expect.any(String), unanswered: 23 });
    expect(first.body.items[0]).toMatchObject({ id: 'cv-w-000', customerName: 'Customer 0', awaitingStaff: true });
    const { ids, pages } = await allPages('view=unanswered&pageSize=5');
    expect(pages).toBe(5);
    expect(ids).toEqual(waiting.map((c) => c._id));
  });

  it('pages answered chats latest message first; every page counts the chats waiting (the inbox badge)', async () => {
    expect((await get('/api/support/admin/conversations/page?view=answered&pageSize=4')).body.unanswered).toBe(23);
    const { ids } = await allPages('view=answered&pageSize=4');
    expect(ids).toEqual([
      'cv-a-008',
      'cv-a-006',
      'cv-a-007',
      'cv-a-004',
      'cv-a-005',
      'cv-a-002',
      'cv-a-003',
      'cv-a-000',
      'cv-a-001',
      'cv-a-009',
    ]);
  });

  it('refuses bad values naming the field, and anyone without a staff token', async () => {
    expect((await get('/api/support/admin/conversations/page?view=all')).body.errors).toHaveProperty('view');
    expect((await get('/api/support/admin/conversations/page?pageSize=0')).body.errors).toHaveProperty('pageSize');
    expect((await get('/api/support/admin/conversations/page?after=%2A')).body.errors).toHaveProperty('after');
    expect((await get('/api/support/admin/conversations/page?after=bm90LWpzb24')).body.errors).toHaveProperty('after');
    expect((await get('/api/support/admin/conversations/page', false)).status).toBe(401);
  });

  it('the whole inbox for older clients still counts every unanswered chat', async () => {
    const res = await get('/api/support/admin/conversations');
    expect(res.body.unanswered).toBe(23);
    expect(res.body.conversations[0].id).toBe('cv-w-000');
  });
});
