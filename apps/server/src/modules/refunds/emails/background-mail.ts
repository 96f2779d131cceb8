interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * Emails sent after a commit without holding the job that sent them; `drain` waits until those on
 * their way were handed to the mailer (at close, and in tests).
 */
export function createBackgroundMail(log?: Logger) {
  const sending = new Set<Promise<unknown>>();
  return {
    send(work: () => Promise<unknown>) {
      const promise = work()
        .catch((error) => log?.error({ err: error }, 'cancellation email failed'))
        .finally(() => sending.delete(promise));
      sending.add(promise);
    },
    async drain() {
      while (sending.size > 0) await Promise.all([...sending]);
    },
  };
}

export type BackgroundMail = ReturnType<typeof createBackgroundMail>;
