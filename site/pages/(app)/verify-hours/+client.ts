// The record's check, the one JavaScript of this HTML-only page besides the nav script.
import { enhanceVerifyHours } from '../../../src/light/verifyHours'

void enhanceVerifyHours(document)
