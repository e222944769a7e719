import { randomUUID } from 'node:crypto';
import {
  CONVERSATION_MSG,
  TOPICS,
  type CustomerConversationView,
  type DriverConversationView,
  type MessageAuthor,
  type StartDriverConversation,
  type StartedConversation,
  type StartSupportConversation,
  type SupportChatView,
  type SupportInbox,
} from '@vanhop/contracts';
import {
  ConflictError,
  createEvent,
  LOST_RACE,
  NotFoundError,
  outboxEntry,
  retryOnConflict,
  ServiceUnavailableError,
  UpstreamError,
  ValidationError,
  type Cache,
  type Clock,
  type Collection,
  type DocumentStore,
  type OutboxRelay,
} from '@vanhop/platform';
import {
  CONVERSATIONS,
  customerView,
  driverView,
  inbox,
  isFull,
  supportView,
  waitingAfter,
  type ConversationThread,
  type StoredMessage,
} from '../domain/conversation-thread.js';
import type { ConversationLinks } from '../domain/conversation-links.js';
import type { DriverDirectory } from '../domain/conversation-driver-directory.js';
import {
  sameAddress,
  type ConversationCustomer,
  type MyMoveBookings,
  type MyMoveOwner,
} from '../domain/conversation-email.js';
import { RecipientCap, UNPROVED_RECIPIENT_MESSAGES_PER_DAY } from './recipient-cap.js';

/** How many answered chats the staff inbox lists besides the unanswered ones. */
const ANSWERED_IN_INBOX = 50;
/** How many unanswered chats (longest waiting first) the whole inbox lists; it counts them all. */
const UNANSWERED_IN_INBOX = 200;
/** Concurrent posts to one thread retry their conditional write this often before giving up. */
const WRITE_ATTEMPTS = 5;
/** Confirmation mails one address may get a day, over all chats (app/recipient-cap.ts). */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = UNPROVED_RECIPIENT_MESSAGES_PER_DAY;

/** How customers' addresses are proved before anything of a chat is mailed to them. */
export interface EmailProofDeps {
  /** Checks My move links (the booking service). */
  bookings: MyMoveBookings;
  /** Counts confirmation mails per address (shared by all instances with Redis). */
  cache: Cache;
}

/**
 * The conversations module's use cases. Each message is stored with its ConversationMessagePosted
 * event in one write; the consumer then mails the other side, so a mail server outage delays mail
 * and never loses a message or fails the customer's request.
 */
export class Conversations {
  private readonly threads: Collection<ConversationThread>;
  private readonly confirmations: RecipientCap;

  constructor(
    store: DocumentStore,
    private readonly relay: OutboxRelay,
    private readonly clock: Clock,
    private readonly links: ConversationLinks,
    private readonly drivers: DriverDirectory,
    private readonly proof: EmailProofDeps,
  ) {
    this.threads = store.collection<ConversationThread>(CONVERSATIONS);
    this.confirmations = new RecipientCap(
      proof.cache,
      'conversation-email-confirmation',
      'address',
      CONFIRMATIONS_PER_ADDRESS_PER_DAY,
    );
  }

  async ensureIndexes(): Promise<void> {
    await this.threads.ensureIndex({ fields: { kind: 1, awaitingStaff: 1, lastMessageAt: -1 } });
    // A booking record's support chats (supportChatsOf).
    await this.threads.ensureIndex({ fields: { 'booking.id': 1 }, sparse: true });
  }

  async startWithDriver(input: StartDriverConversation, correlationId?: string): Promise<StartedConversation> {
    const driver = await this.drivers.contact(input.driverId);
    if (!driver?.active) throw new NotFoundError('No driver with that id');
    return this.start(
      {
        kind: 'driver',
        customer: await this.customer(input),
        driver: { id: driver.id, name: driver.name },
        about: input.about,
        page: null,
      },
      input.body,
      correlationId,
    );
  }

  /** A chat from My move carries its booking (reference and the name on it) for staff. */
  async startSupport(input: StartSupportConversation, correlationId?: string): Promise<StartedConversation> {
    const owner = input.myMoveToken ? await this.myMoveOwner(input.myMoveToken) : null;
    const booking =
      owner && owner.reference !== undefined
        ? { id: owner.bookingId, reference: owner.reference, customerName: owner.name ?? input.name }
        : null;
    return this.start(
      {
        kind: 'support',
        customer: await this.customer(input, owner),
        driver: null,
        about: null,
        page: input.page ?? null,
        booking,
      },
      input.body,
      correlationId,
    );
  }

  /**
   * Opening the one-time link mailed to the address proves it for this thread: copies flow from
   * then on (earlier messages are not mailed; the link opens the thread, which shows them all). A
   * second use of the link, once the address is proved, answers the thread as it is.
   */
  async confirmEmail(token: unknown, confirmation: string): Promise<CustomerConversationView> {
    const thread = await this.byCustomerToken(token);
    const claim = this.links.confirmationOf(confirmation, this.clock.now());
    const refused = new ValidationError(CONVERSATION_MSG.confirmationInvalid, {
      confirmation: CONVERSATION_MSG.confirmationInvalid,
    });
    if (!claim || claim.conversationId !== thread._id) throw refused;
    if (thread.customer.emailProof) return customerView(thread);
    const proved = await this.threads.findOneAndUpdate(
      { _id: thread._id, 'customer.emailConfirmation.nonce': claim.nonce },
      {
        $set: {
          'customer.emailProof': { by: 'confirmation-link', at: this.clock.now().toISOString() },
          'customer.emailConfirmation': null,
        },
      },
    );
    if (proved) return customerView(proved);
    const again = await this.threads.findOne({ _id: thread._id });
    if (!again?.customer.emailProof) throw refused;
    return customerView(again);
  }

  /** The thread id behind a customer link, for per-thread rate limits (null: not a valid link). */
  customerThreadId(token: unknown): string | null {
    return this.links.conversationOf(token, this.clock.now());
  }

  driverThreadId(token: unknown): string | null {
    return this.links.driverThreadOf(token, this.clock.now())?.conversationId ?? null;
  }

  async forCustomer(token: unknown): Promise<CustomerConversationView> {
    return customerView(await this.byCustomerToken(token));
  }

  async postAsCustomer(token: unknown, body: string, correlationId?: string): Promise<CustomerConversationView> {
    const thread = await this.byCustomerToken(token);
    return customerView(await this.append(thread, { from: 'customer', body }, correlationId));
  }

  async forDriver(token: unknown): Promise<DriverConversationView> {
    return driverView(await this.byDriverToken(token));
  }

  async postAsDriver(token: unknown, body: string, correlationId?: string): Promise<DriverConversationView> {
    const thread = await this.byDriverToken(token);
    return driverView(await this.append(thread, { from: 'driver', body }, correlationId));
  }

  async supportInbox(): Promise<SupportInbox> {
    const [waiting, answered, unanswered] = await Promise.all([
      this.threads.find(
        { kind: 'support', awaitingStaff: true },
        { sort: { waitingSince: 1, _id: 1 }, limit: UNANSWERED_IN_INBOX },
      ),
      this.threads.find(
        { kind: 'support', awaitingStaff: false },
        { sort: { lastMessageAt: -1 }, limit: ANSWERED_IN_INBOX },
      ),
      this.threads.count({ kind: 'support', awaitingStaff: true }),
    ]);
    return { ...inbox([...waiting, ...answered]), unanswered };
  }

  /** The support chats opened from one booking's My move (few: bounded like the answered part of the inbox). */
  async supportChatsOf(bookingId: string): Promise<SupportInbox> {
    return inbox(
      await this.threads.find(
        { 'booking.id': bookingId, kind: 'support' },
        { sort: { lastMessageAt: -1 }, limit: ANSWERED_IN_INBOX },
      ),
    );
  }

  async supportChat(id: string): Promise<SupportChatView> {
    return supportView(await this.supportThread(id));
  }

  async postAsStaff(id: string, staff: string, body: string, correlationId?: string): Promise<SupportChatView> {
    const thread = await this.supportThread(id);
    return supportView(await this.append(thread, { from: 'staff', body, staff }, correlationId));
  }

  /**
   * The customer of a new thread and how their address stands: proved at once by a My move link of
   * a booking with that address; otherwise given one confirmation link, unless that address had its
   * share of them today. A My move token the booking service does not know is refused; while the
   * booking service cannot be asked, the chat starts all the same with the address unproved.
   */
  private async customer(
    input: { name: string; email?: string; myMoveToken?: string },
    known?: MyMoveOwner | null,
  ): Promise<ConversationCustomer> {
    const owner = known !== undefined ? known : input.myMoveToken ? await this.myMoveOwner(input.myMoveToken) : null;
    const email = input.email || null;
    const at = this.clock.now().toISOString();
    if (!email) return { name: input.name, email: null, emailProof: null, emailConfirmation: null };
    // Mailed as the booking spells it: that is the address the booking proved.
    if (owner && sameAddress(owner.email, email))
      return {
        name: input.name,
        email: owner.email,
        emailProof: { by: 'my-move', bookingId: owner.bookingId, at },
        emailConfirmation: null,
      };
    return {
      name: input.name,
      email,
      emailProof: null,
      emailConfirmation: { nonce: randomUUID(), requestedAt: at, mailed: await this.confirmations.admits(email) },
    };
  }

  /** The booking a My move token proves (null: not asked or unanswered); refuses one the booking service does not know. */
  private async myMoveOwner(token: string): Promise<MyMoveOwner | null> {
    let owner: MyMoveOwner | null;
    try {
      owner = await this.proof.bookings.ownerOf(token);
    } catch (err) {
      // The adapter logged it; nothing is proved, so nothing is mailed but the confirmation link.
      if (err instanceof UpstreamError) return null;
      throw err;
    }
    if (!owner)
      throw new ValidationError(CONVERSATION_MSG.myMoveTokenInvalid, {
        myMoveToken: CONVERSATION_MSG.myMoveTokenInvalid,
      });
    return owner;
  }

  private async start(
    facts: Pick<ConversationThread, 'kind' | 'customer' | 'driver' | 'about' | 'page' | 'booking'>,
    body: string,
    correlationId?: string,
  ): Promise<StartedConversation> {
    const now = this.clock.now();
    const at = now.toISOString();
    const _id = randomUUID();
    const message: StoredMessage = { id: randomUUID(), from: 'customer', body, at };
    const thread: ConversationThread = {
      _id,
      ...facts,
      messages: [message],
      messageCount: 1,
      createdAt: at,
      lastMessageAt: at,
      awaitingStaff: facts.kind === 'support',
      waitingSince: facts.kind === 'support' ? at : null,
      outbox: [await this.posted(_id, facts.kind, message, true, correlationId)],
    };
    await this.threads.insertOne(thread);
    void this.relay.kick(thread.outbox.map((e) => e.eventId));
    const token = this.links.customerToken(_id, now);
    return { token, path: this.links.customerPath(_id, now), conversation: customerView(thread) };
  }

  /**
   * Adds a message on the condition that nobody else did since the thread was read (messageCount),
   * re-reading and retrying when someone did, so two concurrent posts both land and each gets its event.
   */
  private async append(
    thread: ConversationThread,
    input: { from: MessageAuthor; body: string; staff?: string },
    correlationId?: string,
  ): Promise<ConversationThread> {
    const reread = async () => {
      const again = await this.threads.findOne({ _id: thread._id });
      if (!again) throw new NotFoundError(CONVERSATION_MSG.linkInvalid);
      return again;
    };
    return retryOnConflict(
      reread,
      async (current) => {
        if (isFull(current)) throw new ConflictError(CONVERSATION_MSG.threadFull);
        const message: StoredMessage = {
          id: randomUUID(),
          from: input.from,
          body: input.body,
          at: this.clock.now().toISOString(),
          ...(input.staff ? { staff: input.staff } : {}),
        };
        const event = await this.posted(current._id, current.kind, message, false, correlationId);
        const updated = await this.threads.findOneAndUpdate(
          { _id: current._id, messageCount: current.messageCount },
          {
            $push: { messages: message, outbox: event },
            $set: {
              messageCount: current.messageCount + 1,
              lastMessageAt: message.at,
              ...waitingAfter(current, message),
            },
          },
        );
        if (!updated) return LOST_RACE;
        void this.relay.kick([event.eventId]);
        return updated;
      },
      {
        attempts: WRITE_ATTEMPTS,
        first: thread,
        exhausted: () => new ServiceUnavailableError('This conversation is busy, please send your message again'),
      },
    );
  }

  private async posted(
    conversationId: string,
    kind: ConversationThread['kind'],
    message: StoredMessage,
    first: boolean,
    correlationId?: string,
  ) {
    const event = await createEvent(
      TOPICS.conversationMessagePosted,
      { conversationId, messageId: message.id, kind, from: message.from, first },
      { producer: 'notification', correlationId, clock: this.clock },
    );
    return outboxEntry(TOPICS.conversationMessagePosted, event, conversationId);
  }

  private async byCustomerToken(token: unknown): Promise<ConversationThread> {
    const id = this.links.conversationOf(token, this.clock.now());
    const thread = id ? await this.threads.findOne({ _id: id }) : null;
    if (!thread) throw new NotFoundError(CONVERSATION_MSG.linkInvalid);
    return thread;
  }

  /**
   * The thread behind a driver's reply link, for reading and posting alike: the thread shows the
   * customer's messages. The driver is asked of the directory on every use, so a suspension or
   * removal takes effect at once on links already mailed; such a driver is refused as a bad link is.
   * While the directory cannot be asked, the link opens nothing (502, as starting a chat answers).
   */
  private async byDriverToken(token: unknown): Promise<ConversationThread> {
    const claim = this.links.driverThreadOf(token, this.clock.now());
    const thread = claim ? await this.threads.findOne({ _id: claim.conversationId }) : null;
    // A link names its driver too: should a thread ever change hands, the old driver's links stop working.
    if (thread?.kind !== 'driver' || thread.driver?.id !== claim!.driverId)
      throw new NotFoundError(CONVERSATION_MSG.linkInvalid);
    const driver = await this.drivers.contact(claim!.driverId);
    if (!driver?.active) throw new NotFoundError(CONVERSATION_MSG.linkInvalid);
    return thread;
  }

  private async supportThread(id: string): Promise<ConversationThread> {
    const thread = await this.threads.findOne({ _id: id });
    if (thread?.kind !== 'support') throw new NotFoundError('No support chat with that id');
    return thread;
  }
}
