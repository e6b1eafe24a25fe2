import { HOURS_REQUEST_HEADING, HOURS_REQUEST_LOADING, NOT_ME_HINT } from '../../../src/light/hoursRequest'

/**
 * /hours-request?token=...&act=...: the link of a supervisor's hours-request email. Without JavaScript, the form
 * posts to the page's own URL (the token stays in its query) and the service answers with its page; with it,
 * src/light/hoursRequest.ts shows what is asked and answers through the JSON endpoints. Loading the page never
 * answers: the supervisor presses a button.
 */
export default function Page() {
  return (
    <div className="container hours-request" data-hours-request="">
      <h1>{HOURS_REQUEST_HEADING}</h1>
      <p role="status" data-loading="">
        {HOURS_REQUEST_LOADING}
      </p>
      <noscript>
        <p>The email from CivicSTL says who asked, for which date, times and hours. Answer here:</p>
      </noscript>
      <form method="post" className="card form" noValidate data-answer-form="">
        {/* Pressing Enter in a field submits a form through its default button, the first submit button in tree order
            (HTML, "Implicit submission"); when that button is disabled, nothing is submitted. So Enter in Hours, Role or
            Note never confirms: only a pressed button answers. Hidden from view and from assistive technology. */}
        <button type="submit" disabled hidden aria-hidden="true" tabIndex={-1} data-no-implicit-submit="" />
        <div className="field">
          <label htmlFor="hr-role">Your role</label>
          <input id="hr-role" name="role" type="text" maxLength={200} autoComplete="organization-title" aria-describedby="hr-optional" />
        </div>
        <div className="field">
          <label htmlFor="hr-note">Note</label>
          <textarea id="hr-note" name="note" maxLength={1000} rows={2} aria-describedby="hr-optional" />
        </div>
        <p id="hr-optional" className="muted">
          Your role and a note are optional; the volunteer sees them with your answer.
        </p>
        <p>
          <button type="submit" className="btn" name="act" value="confirm">
            Confirm these hours
          </button>
        </p>
        <fieldset id="hr-adjust">
          <legend>Different hours?</legend>
          <div className="field">
            <label htmlFor="hr-hours">Hours</label>
            <input id="hr-hours" name="hours" type="number" min="0.25" max="24" step="any" inputMode="decimal" />
          </div>
          <button type="submit" className="btn" name="act" value="adjust">
            Adjust the hours
          </button>
        </fieldset>
        <p>
          <button type="submit" className="btn btn-secondary" name="act" value="decline">
            Decline
          </button>{' '}
          <button type="submit" className="btn btn-secondary" name="act" value="not-me" aria-describedby="hr-not-me">
            This is not me
          </button>
        </p>
        <p id="hr-not-me" className="muted">
          {NOT_ME_HINT}
        </p>
      </form>
    </div>
  )
}
