/** The autocomplete module's face: all that code outside it may import (modules/README.md). */
export { inheritedGroupIds, type SuggestionContainer } from './suggestion-container';
export { suggestionErrorHandler } from './suggestion-error-handler';
export { suggestUsers } from './users-autocomplete.service';
