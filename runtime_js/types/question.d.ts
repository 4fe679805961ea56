// question.js's part of CU: absent from a page without a form.
interface CompileUi {
  /** The questions of a run of tool asked in the page: its token goes in the call's _meta
   *  ("compile-ui/ask"); stop() when the call ends. */
  asks?: (tool: string | undefined) => Asking;
}

/** One run's questions (question.js). */
interface Asking {
  token: string;
  /** Ask no more; remove the question shown. */
  stop(): void;
}

/** question.js's own handle on one run's questions. */
interface QuestionAsking extends Asking {
  /** Until stop(): a poll that finds no question polls again. */
  live: boolean;
  /** The questions already shown, by questionId (each is shown once). */
  seen: { [questionId: string]: 1 };
  /** The polls sent and not yet answered. */
  waiting: number;
  /** Asks the proxy for the run's next question (a long poll). */
  poll(): void;
}

/** A question the upstream asked (_ui_question's structuredContent.question). */
interface Question {
  questionId: string;
  message?: string;
  /** "url": open a link; otherwise a form (html and tree, compiled by the proxy). */
  mode?: string;
  url?: string;
  html?: string;
  tree?: UiNode;
}
