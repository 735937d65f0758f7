/**
 * The server's and the contract's English texts in German (lib/i18n/messages.ts); `{name}` marks a varying part,
 * carried over as it came.
 * Each key is the English text exactly as the server or the contract writes it.
 */
export default {
  // contract/src/billing.ts, planLimitMessage: a 402 `plan_limit` (server/src/modules/billing/billing.service.ts).
  'Your plan allows {count} items. Upgrade to add more.':
    'Ihr Tarif erlaubt {count} Einträge. Wechseln Sie den Tarif, um weitere hinzuzufügen.',
  'Your plan allows {count} members. Upgrade to add more.':
    'Ihr Tarif erlaubt {count} Mitglieder. Wechseln Sie den Tarif, um weitere hinzuzufügen.',

  // server/src/plugins/errors.ts, request-validator.ts and web-app.ts: malformed requests, outages, unknown routes.
  'Malformed JSON in request body': 'Der Anfragetext enthält fehlerhaftes JSON',
  'Request body is empty but Content-Type is application/json':
    'Der Anfragetext ist leer, obwohl der Content-Type application/json ist',
  'Request body is too large': 'Der Anfragetext ist zu groß',
  'Unsupported Content-Type': 'Nicht unterstützter Content-Type',
  'URL parameter is too long': 'Ein URL-Parameter ist zu lang',
  'Malformed URL': 'Fehlerhafte URL',
  'Service temporarily unavailable': 'Der Dienst ist vorübergehend nicht verfügbar',
  'Internal Server Error': 'Interner Serverfehler',
  'Not found: {method} {path}': 'Nicht gefunden: {method} {path}',
  'Text cannot contain the NUL character (U+0000)': 'Text darf kein NUL-Zeichen (U+0000) enthalten',
  'querystring.cursor: Invalid cursor': 'querystring.cursor: Ungültiger Cursor',

  // server/src/plugins/rate-limits.ts: 429 `rate_limited`.
  'Too many requests. Try again in {seconds} seconds.':
    'Zu viele Anfragen. Versuchen Sie es in {seconds} Sekunden erneut.',
  'Too many failed sign-in attempts. Try again later.':
    'Zu viele fehlgeschlagene Anmeldeversuche. Versuchen Sie es später erneut.',
  'Too many wrong codes. Try again later.': 'Zu viele falsche Codes. Versuchen Sie es später erneut.',
  'Too many verification emails. Try again later.':
    'Zu viele Bestätigungs-E-Mails. Versuchen Sie es später erneut.',
  'This team has sent {count} invitations in the last hour. Try again later.':
    'Dieses Team hat in der letzten Stunde {count} Einladungen verschickt. Versuchen Sie es später erneut.',
  'This API key has made {count} requests in the last minute. Try again later.':
    'Dieser API-Schlüssel hat in der letzten Minute {count} Anfragen gestellt. Versuchen Sie es später erneut.',

  // server/src/plugins/auth.ts, tenant.ts, api-keys.ts: who may call what.
  'Not authenticated': 'Nicht angemeldet',
  'Invalid or expired token': 'Ungültiges oder abgelaufenes Token',
  'Not available while viewing as another user':
    'Nicht verfügbar, während Sie die App als anderer Benutzer ansehen',
  'Super admin access required': 'Super-Admin-Zugriff erforderlich',
  'X-TENANT-UUID header is required': 'Der Header X-TENANT-UUID ist erforderlich',
  'You are not a member of this team': 'Sie sind kein Mitglied dieses Teams',
  'Only the team owner can do this': 'Das kann nur der Inhaber des Teams',
  'Only team admins and the owner can do this': 'Das können nur die Admins und der Inhaber des Teams',
  'API keys cannot call this endpoint': 'API-Schlüssel können diesen Endpunkt nicht aufrufen',
  'Invalid or revoked API key': 'Ungültiger oder widerrufener API-Schlüssel',
  'This API key belongs to another team': 'Dieser API-Schlüssel gehört zu einem anderen Team',
  'This API key does not allow {scope}': 'Dieser API-Schlüssel erlaubt {scope} nicht',

  // server/src/modules/auth: sign-in, sessions, credentials, second factors.
  'Invalid email or password': 'E-Mail oder Passwort ist ungültig',
  'Email already registered': 'Diese E-Mail ist bereits registriert',
  'Google sign-in is not enabled': 'Die Anmeldung mit Google ist nicht aktiviert',
  'Invalid Google credential': 'Ungültige Google-Anmeldedaten',
  'Google has not verified this email address': 'Google hat diese E-Mail-Adresse nicht bestätigt',
  'Invalid or expired verification link': 'Ungültiger oder abgelaufener Bestätigungslink',
  'Invalid or expired reset link': 'Ungültiger oder abgelaufener Link zum Zurücksetzen',
  'Invalid or expired link': 'Ungültiger oder abgelaufener Link',
  'Current password is required': 'Das aktuelle Passwort ist erforderlich',
  'Current password is incorrect': 'Das aktuelle Passwort ist falsch',
  'Enter a code from your authenticator app to confirm':
    'Geben Sie zur Bestätigung einen Code aus Ihrer Authenticator-App ein',
  'Set a password before changing your email': 'Legen Sie ein Passwort fest, bevor Sie Ihre E-Mail ändern',
  'This is already your email address': 'Das ist bereits Ihre E-Mail-Adresse',
  'Type your email address to confirm': 'Geben Sie zur Bestätigung Ihre E-Mail-Adresse ein',
  'Account suspended': 'Konto gesperrt',
  'Your sign-in has expired. Sign in again.': 'Ihre Anmeldung ist abgelaufen. Melden Sie sich erneut an.',
  'Invalid or expired refresh token': 'Ungültiges oder abgelaufenes Aktualisierungstoken',
  'Session not found': 'Sitzung nicht gefunden',
  'For your security, sign in again to continue: this needs a sign-in from the last 15 minutes.':
    'Melden Sie sich zu Ihrer Sicherheit erneut an, um fortzufahren: Dafür ist eine Anmeldung aus den letzten 15 Minuten nötig.',
  'User not found': 'Benutzer nicht gefunden',
  'A super admin cannot be impersonated': 'Die App kann nicht als Super-Admin angesehen werden',
  'Invalid code': 'Ungültiger Code',
  'Verify your email before turning on two-factor authentication':
    'Bestätigen Sie Ihre E-Mail, bevor Sie die Zwei-Faktor-Authentifizierung aktivieren',
  'Two-factor authentication is already on': 'Die Zwei-Faktor-Authentifizierung ist bereits aktiviert',
  'Start the two-factor setup first': 'Starten Sie zuerst die Einrichtung der Zwei-Faktor-Authentifizierung',
  'The two-factor setup changed. Start again.':
    'Die Einrichtung der Zwei-Faktor-Authentifizierung hat sich geändert. Beginnen Sie von vorn.',
  'Two-factor authentication is not on': 'Die Zwei-Faktor-Authentifizierung ist nicht aktiviert',
  'Verify your email address to create API keys':
    'Bestätigen Sie Ihre E-Mail-Adresse, um API-Schlüssel zu erstellen',
  'Verify your email address to create webhook endpoints':
    'Bestätigen Sie Ihre E-Mail-Adresse, um Webhook-Endpunkte zu erstellen',
  'Your email is already verified': 'Ihre E-Mail-Adresse ist bereits bestätigt',
  // Their answers ({message}).
  'If an account exists for this email, a password reset link has been sent.':
    'Falls ein Konto mit dieser E-Mail existiert, wurde ein Link zum Zurücksetzen des Passworts gesendet.',
  'Your password has been reset. You can now sign in.':
    'Ihr Passwort wurde zurückgesetzt. Sie können sich jetzt anmelden.',
  'Password updated successfully': 'Passwort erfolgreich geändert',
  'We sent a confirmation link to {email}. Open it to finish the change.':
    'Wir haben einen Bestätigungslink an {email} gesendet. Öffnen Sie ihn, um die Änderung abzuschließen.',
  'Your email is now {email}.': 'Ihre E-Mail lautet jetzt {email}.',
  'Two-factor authentication is off': 'Die Zwei-Faktor-Authentifizierung ist deaktiviert',
  'Verification email sent': 'Bestätigungs-E-Mail gesendet',

  // server/src/modules/passkeys.
  'Passkey verification failed': 'Die Überprüfung des Passkeys ist fehlgeschlagen',
  'This passkey request has expired or was already used. Try again.':
    'Diese Passkey-Anfrage ist abgelaufen oder wurde bereits verwendet. Versuchen Sie es erneut.',
  'Verify your email before adding a passkey':
    'Bestätigen Sie Ihre E-Mail, bevor Sie einen Passkey hinzufügen',
  'This passkey is already registered': 'Dieser Passkey ist bereits registriert',
  'This passkey is not registered. Sign in another way.':
    'Dieser Passkey ist nicht registriert. Melden Sie sich auf andere Weise an.',
  'Passkey not found': 'Passkey nicht gefunden',

  // server/src/modules/account.
  'Transfer ownership or remove the other members of {teams} before deleting your account':
    'Übertragen Sie die Inhaberschaft von {teams} oder entfernen Sie dort die anderen Mitglieder, bevor Sie Ihr Konto löschen',

  // server/src/modules/tenants and members: teams, members, ownership, invitations.
  'Tenant not found': 'Team nicht gefunden',
  'Team not found': 'Team nicht gefunden',
  'Member not found': 'Mitglied nicht gefunden',
  'You cannot remove yourself': 'Sie können sich nicht selbst entfernen',
  'You cannot change the role of yourself': 'Sie können Ihre eigene Rolle nicht ändern',
  'The team owner cannot be removed': 'Der Inhaber des Teams kann nicht entfernt werden',
  'The team owner cannot be changed': 'Der Inhaber des Teams kann nicht geändert werden',
  'This member’s role changed meanwhile. Reload the page and try again.':
    'Die Rolle dieses Mitglieds hat sich inzwischen geändert. Laden Sie die Seite neu und versuchen Sie es erneut.',
  'You already own this team': 'Sie sind bereits Inhaber dieses Teams',
  'The new owner must be a member of this team': 'Der neue Inhaber muss Mitglied dieses Teams sein',
  'Ownership transferred': 'Inhaberschaft übertragen',
  'Invalid or expired invitation': 'Ungültige oder abgelaufene Einladung',
  'Invitation not found': 'Einladung nicht gefunden',
  'User is already a member of this team': 'Der Benutzer ist bereits Mitglied dieses Teams',
  'Invitation sent to {email}': 'Einladung an {email} gesendet',
  'Password set successfully': 'Passwort erfolgreich festgelegt',

  // server/src/modules/items.
  'Item not found': 'Eintrag nicht gefunden',

  // server/src/modules/billing: subscriptions, checkout, the test-mode card form, invoices.
  'Invoice not found': 'Rechnung nicht gefunden',
  'This subscription is billed by Stripe, which is not configured.':
    'Dieses Abonnement wird über Stripe abgerechnet, das nicht eingerichtet ist.',
  'This subscription is billed by the test-mode provider, which is not configured.':
    'Dieses Abonnement wird über den Testmodus-Anbieter abgerechnet, der nicht eingerichtet ist.',
  'No subscription found': 'Kein Abonnement gefunden',
  'Unknown plan "{plan}"': 'Unbekannter Tarif „{plan}“',
  'This team already has a subscription. Change plan or billing interval in the billing portal.':
    'Dieses Team hat bereits ein Abonnement. Ändern Sie Tarif oder Abrechnungszeitraum im Abrechnungsportal.',
  'No subscription found. Choose a plan to subscribe first.':
    'Kein Abonnement gefunden. Wählen Sie zuerst einen Tarif.',
  'This download link has expired. Download the invoice again.':
    'Dieser Download-Link ist abgelaufen. Laden Sie die Rechnung erneut herunter.',
  'This subscription has ended. Choose a plan on the Subscription page to start again.':
    'Dieses Abonnement ist beendet. Wählen Sie auf der Seite „Abonnement“ einen Tarif, um neu zu beginnen.',
  'Checkout session not found': 'Bezahlvorgang nicht gefunden',
  'This checkout has already been paid.': 'Dieser Bezahlvorgang wurde bereits bezahlt.',
  'This checkout session has expired. Start again from the Subscription page.':
    'Dieser Bezahlvorgang ist abgelaufen. Beginnen Sie erneut auf der Seite „Abonnement“.',
  'This subscription is managed by Stripe: open the billing portal instead.':
    'Dieses Abonnement wird über Stripe verwaltet: Öffnen Sie stattdessen das Abrechnungsportal.',
  'The team is already on this plan and billing interval.':
    'Das Team hat bereits diesen Tarif und diesen Abrechnungszeitraum.',
  'Another billing change is under way. Please try again.':
    'Eine andere Änderung der Abrechnung läuft gerade. Bitte versuchen Sie es erneut.',
  'Your card number is invalid.': 'Ihre Kartennummer ist ungültig.',
  'Your card has expired.': 'Ihre Karte ist abgelaufen.',
  'Your card’s security code is invalid.': 'Der Sicherheitscode Ihrer Karte ist ungültig.',
  'Your card was declined.': 'Ihre Karte wurde abgelehnt.',
  'Your card was declined. This is test mode: use the test card {number}.':
    'Ihre Karte wurde abgelehnt. Dies ist der Testmodus: Verwenden Sie die Testkarte {number}.',
  'The payment provider is unavailable. Please try again in a moment.':
    'Der Zahlungsanbieter ist nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
  'The {plan} plan cannot be bought yet': 'Der Tarif {plan} kann noch nicht gebucht werden',
  'The payment provider did not return a checkout page':
    'Der Zahlungsanbieter hat keine Bezahlseite geliefert',
  'No billing account found for this team': 'Für dieses Team wurde kein Abrechnungskonto gefunden',
  'The subscription could not be cancelled with the payment provider, so the team was not deleted. Please try again in a moment.':
    'Das Abonnement konnte beim Zahlungsanbieter nicht gekündigt werden, daher wurde das Team nicht gelöscht. Bitte versuchen Sie es gleich noch einmal.',
  'This invoice has no PDF yet': 'Für diese Rechnung gibt es noch kein PDF',

  // server/src/modules/api-keys and webhooks: the developer platform.
  'A team can have at most {count} API keys. Revoke one to create another.':
    'Ein Team kann höchstens {count} API-Schlüssel haben. Widerrufen Sie einen, um einen neuen zu erstellen.',
  'API key not found': 'API-Schlüssel nicht gefunden',
  'Webhook URLs must be public https addresses': 'Webhook-URLs müssen öffentliche https-Adressen sein',
  'A team can have at most {count} webhook endpoints. Remove one to add another.':
    'Ein Team kann höchstens {count} Webhook-Endpunkte haben. Entfernen Sie einen, um einen weiteren hinzuzufügen.',
  'Webhook endpoint not found': 'Webhook-Endpunkt nicht gefunden',
  'Delivery not found': 'Zustellung nicht gefunden',

  // server/src/modules/super-admin: the operators' console.
  'You cannot suspend yourself': 'Sie können sich nicht selbst sperren',
  'Not viewing as another user': 'Sie sehen die App gerade nicht als anderer Benutzer an',
  'A super admin listed in SUPER_ADMIN_EMAILS cannot be suspended':
    'Ein in SUPER_ADMIN_EMAILS eingetragener Super-Admin kann nicht gesperrt werden',

  // contract/src: the schemas' validation messages (forms show them; the server sends them as `field: message`).
  'Email is required': 'E-Mail ist erforderlich',
  'Please enter a valid email address': 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  'Password is required': 'Passwort ist erforderlich',
  'Password must be at least {count} characters long':
    'Das Passwort muss mindestens {count} Zeichen lang sein',
  'Password must be at most {count} characters long': 'Das Passwort darf höchstens {count} Zeichen lang sein',
  'Enter a code': 'Geben Sie einen Code ein',
  'That code is too long': 'Dieser Code ist zu lang',
  'Unknown action': 'Unbekannte Aktion',
  'limit must be a number': 'limit muss eine Zahl sein',
  'limit must be a whole number': 'limit muss eine ganze Zahl sein',
  'limit must be at least 1': 'limit muss mindestens 1 sein',
  'limit must be at most {count}': 'limit darf höchstens {count} sein',
  'Invalid cursor': 'Ungültiger Cursor',
  'Search must be 200 characters or less': 'Die Suche darf höchstens 200 Zeichen lang sein',
  'Name is required': 'Name ist erforderlich',
  'Name must be {count} characters or less': 'Der Name darf höchstens {count} Zeichen lang sein',
  'Description must be {count} characters or less':
    'Die Beschreibung darf höchstens {count} Zeichen lang sein',
  'Invalid or missing reset token': 'Ungültiges oder fehlendes Token zum Zurücksetzen',
  'Choose a supported language': 'Wählen Sie eine unterstützte Sprache',
  'Choose light, dark or system': 'Wählen Sie hell, dunkel oder System',
  'Unknown scope': 'Unbekannte Berechtigung',
  'Choose at least one scope': 'Wählen Sie mindestens eine Berechtigung',
  'Too many scopes': 'Zu viele Berechtigungen',
  'Unknown event': 'Unbekanntes Ereignis',
  'Choose at least one event': 'Wählen Sie mindestens ein Ereignis',
  'Too many events': 'Zu viele Ereignisse',
  'Enter an http or https URL': 'Geben Sie eine http- oder https-URL ein',
  'URL must be {count} characters or less': 'Die URL darf höchstens {count} Zeichen lang sein',
  'enabled must be true or false': 'enabled muss true oder false sein',
  'plan_id is required': 'plan_id ist erforderlich',
  'Card number is required': 'Die Kartennummer ist erforderlich',
  'Your card number is incomplete': 'Ihre Kartennummer ist unvollständig',
  'Invalid expiry month': 'Ungültiger Ablaufmonat',
  'Invalid expiry year': 'Ungültiges Ablaufjahr',
  'CVC is required': 'Die Prüfnummer (CVC) ist erforderlich',
  'Your card’s security code is invalid': 'Der Sicherheitscode Ihrer Karte ist ungültig',
  'Team name is required': 'Teamname ist erforderlich',
  'Team name must be 100 characters or less': 'Der Teamname darf höchstens 100 Zeichen lang sein',
  'Must be base64url': 'Muss base64url sein',
  'Name cannot be empty': 'Der Name darf nicht leer sein',
  'Name must be at most {count} characters': 'Der Name darf höchstens {count} Zeichen lang sein',
  'Name cannot contain control characters': 'Der Name darf keine Steuerzeichen enthalten',
  'Please enter your feedback': 'Bitte geben Sie Ihr Feedback ein',
  'Feedback must be 5000 characters or less': 'Das Feedback darf höchstens 5000 Zeichen lang sein',
  'route is required': 'route ist erforderlich',
  // The plans' own texts (server/src/db/migrations/0003_items_feedback_billing.sql): data, shown in German where
  // the catalogue knows them.
  'For small teams getting started': 'Für kleine Teams, die loslegen',
  'For growing teams that need more': 'Für wachsende Teams, die mehr brauchen',
  'For organisations with advanced needs': 'Für Organisationen mit höheren Ansprüchen',
  'Up to 5 members': 'Bis zu 5 Mitglieder',
  'Up to 25 members': 'Bis zu 25 Mitglieder',
  '1,000 items': '1.000 Einträge',
  'Unlimited items': 'Unbegrenzt viele Einträge',
  'Unlimited members': 'Unbegrenzt viele Mitglieder',
  'Email support': 'Support per E-Mail',
  'Priority email support': 'Bevorzugter Support per E-Mail',
  'Activity history': 'Aktivitätsverlauf',
  'Dedicated support': 'Persönlicher Support',
  'Single sign-on': 'Single Sign-on',
  'Audit log export': 'Export des Audit-Logs',
} as Record<string, string>;
