// The record's check, the one JavaScript of this HTML-only page besides the nav script.
import createClient from 'openapi-fetch'
import { provideApiModule } from '../../../src/api/client'
import { enhanceVerifyHours } from '../../../src/light/verifyHours'

// The page calls the API as it starts: its client's module comes with the page's (src/api/client.ts).
provideApiModule(createClient)
void enhanceVerifyHours(document)
