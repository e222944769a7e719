/**
 * A confirmation that outlives the alert it follows: the contact form and Save for later keep the
 * reference client's alert texts, then land on the home page, which says the same on the page (an
 * alert is gone once dismissed, and some browsers suppress them).
 */
export interface HomeNotice {
  title: string;
  text: string;
}

export const homeNoticeState = (notice: HomeNotice): { homeNotice: HomeNotice } => ({ homeNotice: notice });

/** The notice a navigation carried, when it carried a well-formed one. */
export function homeNoticeOf(state: unknown): HomeNotice | null {
  const n = (state as { homeNotice?: unknown } | null)?.homeNotice as Partial<HomeNotice> | undefined;
  return n && typeof n.title === 'string' && typeof n.text === 'string' ? { title: n.title, text: n.text } : null;
}
