// The feed's enhancement, the one JavaScript of this HTML-only page besides the nav script.
import { enhanceFeed } from '../../../src/light/feed'

enhanceFeed(document)
