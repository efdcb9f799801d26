/**
 * Times of the firm's day, as Berkas prints them beside a report, a share link or a trashed item:
 * '24 Nov 2026, 09.14' in Asia/Jakarta, whatever the device's zone (a supervisor abroad reads the
 * site's clock). The formatter is made once: Intl formatters are costly to build per row.
 */
const jakartaTime = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

export const jakartaDateTime = (iso: string): string => jakartaTime.format(new Date(iso))
