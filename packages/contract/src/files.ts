// Contract for the files domain: request and response schemas shared by the API and the web client.
export {};
