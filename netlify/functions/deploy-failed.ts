// POST (Netlify's deploy-failed event, { payload: deploy }) -> records it in the publish state
import { deployEventHandler } from '../../src/server/workflows/deploy-events';

export default deployEventHandler('deploy-failed');
