import type { ReactNode } from 'react';

/** Frame of the login and register pages (the dialog's 400 px width). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}
