/** What the stack and e2e globalSetups `provide` and tests `inject`. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Gateway URL (VITE_SUPABASE_URL), e.g. http://127.0.0.1:55321 */
    apiUrl: string;
    /** Superuser Postgres URL of the test stack's database. */
    dbUrl: string;
    /** Mailbox page on the inbox port; JSON at `${inboxUrl}/api/messages?to=<email>`. */
    inboxUrl: string;
    /** Contact-form submissions page on the inbox port; JSON at `${formSinkUrl}/api/submissions`. */
    formSinkUrl: string;
    /** The process that runs the stack (the Vitest main process, which ran the globalSetup). */
    stackPid: number;
    /** The app (vite preview) in the e2e project; '' in the stack project, which starts no app. */
    appUrl: string;
  }
}

export {};
