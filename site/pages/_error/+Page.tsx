import { useLingui } from '@lingui/react/macro'
import { usePageContext } from 'vike-react/usePageContext'
import { localizePath } from '../../src/i18n/locales'

export default function Page() {
  const { is404, locale = 'en' } = usePageContext()
  const { t } = useLingui()
  return (
    <div className="container">
      <h1>{is404 ? t`Page not found` : t`Something went wrong`}</h1>
      <p>{is404 ? t`This page doesn't exist.` : t`Please try again later.`}</p>
      <p><a className="btn" href={localizePath('/', locale)}>{t`Go to the home page`}</a></p>
    </div>
  )
}
