// ask.js adds no member to CU: it takes over CU.NOTES and CU.run. These are what it reads.

/** _ui_view's structuredContent: the question's markup (our renderer's <main>) and its tree. */
interface AskView {
  renderId: string;
  html: string;
  tree: UiNode;
}

/** The ask tool's result (structuredContent): its renderId while it waits, then how it ended. */
interface AskAnswer {
  renderId?: unknown;
  action?: string;
  values?: Json;
  timedOut?: boolean;
}
