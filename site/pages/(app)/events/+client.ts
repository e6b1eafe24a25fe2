// An event or series page's enhancement, the one JavaScript of this HTML-only page besides the nav script.
import { enhanceEventPage } from '../../../src/light/eventPage'

enhanceEventPage(document)
